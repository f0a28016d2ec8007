import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — a plain .mjs script without types
import { renderSecurityPage } from './render-security-page.mjs';

describe('docs/security.md', () => {
  const page = readFileSync(new URL('../docs/security.md', import.meta.url), 'utf8');

  it('shows the current policy table (run `pnpm docs:security` after changing packages/runner/src/policy/)', () => {
    expect(page).toBe((renderSecurityPage as (page: string) => string)(page));
  });

  it('keeps the hand-written sections beside the generated table', () => {
    for (const heading of ['## The policy table', '## Process containment', '## The file layer']) {
      expect(page).toContain(`\n${heading}\n`);
    }
  });
});
