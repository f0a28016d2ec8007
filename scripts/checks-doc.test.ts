import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — built output, typed in its package
import { renderParameterReference } from '../packages/checks/dist/internal.js';

describe('docs/checks.md', () => {
  it('is the parameter reference of the current check catalogue (run `pnpm docs:checks` after changing it)', () => {
    const written = readFileSync(new URL('../docs/checks.md', import.meta.url), 'utf8');
    expect(written).toBe((renderParameterReference as () => string)());
    expect(written).toContain('### `latency`');
  });
});
