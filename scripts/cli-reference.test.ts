import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — a plain .mjs script without types
import { helpTexts, renderCliReference } from './render-cli-reference.mjs';

describe('docs/cli.md', () => {
  const page = readFileSync(new URL('../docs/cli.md', import.meta.url), 'utf8');

  it('shows the current --help of skill-eval and of every command (run `pnpm docs:cli` after changing one)', () => {
    expect(page).toBe((renderCliReference as (page: string) => string)(page));
  });

  it('has a block for every command, each printing its usage', () => {
    const texts = (helpTexts as () => Map<string, string>)();
    expect(texts.size).toBeGreaterThan(5);
    for (const [command, text] of texts) {
      expect(page, command).toContain(`<!-- ${command} -->\n\`\`\`text\n${text}`);
      expect(text, command).toMatch(/^Usage: skill-eval/);
    }
  });
});
