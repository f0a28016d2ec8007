import type { LoadResult } from '@skill-eval/core';
import { expect } from 'vitest';

/** Every diagnostic of `result` is a skillet rule that points at a line and column of `text`. */
export function expectPositioned(text: string, result: LoadResult): void {
  const lines = text.split(/\r\n|\r|\n/).length;
  for (const d of result.diagnostics) {
    expect(d.line, d.message).toBeGreaterThanOrEqual(1);
    expect(d.line!, d.message).toBeLessThanOrEqual(lines);
    expect(d.column, d.message).toBeGreaterThanOrEqual(1);
    expect(d.ruleId.startsWith('skillet/')).toBe(true);
  }
}
