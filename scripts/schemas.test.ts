import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — a plain .mjs script without types
import { renderSchemas } from './render-schemas.mjs';

describe('schemas/', () => {
  // It imports every format's built package first: seconds on a loaded machine, hence the timeout.
  it('holds the JSON Schemas generated from the current zod schemas (run `pnpm schemas` after changing one)', async () => {
    const rendered = (await renderSchemas()) as Record<string, string>;
    expect(Object.keys(rendered).length).toBeGreaterThan(3);
    for (const [file, text] of Object.entries(rendered)) {
      expect(readFileSync(new URL(`../schemas/${file}`, import.meta.url), 'utf8'), file).toBe(text);
    }
  }, 30_000);
});
