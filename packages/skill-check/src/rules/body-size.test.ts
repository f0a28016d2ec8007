import { describe, expect, it } from 'vitest';
import { BODY_MAX_TOKENS, CHARS_PER_TOKEN, CLAUDE_CODE_MAX_BYTES, SKILL_MD_MAX_LINES } from '../spec-limits.js';
import { found, skillDocument, skillMd } from '../test-support/skill-folder.js';
import { bodySizeRule } from './body-size.js';

const check = (body: string) =>
  bodySizeRule(skillDocument('pdf', { 'SKILL.md': skillMd('name: pdf\ndescription: Use when x.', body) }));

describe('bodySizeRule', () => {
  it('accepts a file of 500 lines', () => {
    // The frontmatter takes 4 lines.
    expect(check('line\n'.repeat(SKILL_MD_MAX_LINES - 4))).toEqual([]);
  });

  it('warns of a file over 500 lines, at line 501', () => {
    const [finding] = check('line\n'.repeat(SKILL_MD_MAX_LINES - 3));
    expect(finding).toMatchObject({ severity: 'warning', ruleId: 'skill/too-many-lines', line: 501 });
  });

  it('notes a body over 5000 tokens', () => {
    const line = `${'w'.repeat(99)}\n`;
    const fits = line.repeat((BODY_MAX_TOKENS * CHARS_PER_TOKEN) / line.length);
    expect(check(fits)).toEqual([]);
    expect(found(check(`${fits}${'w'.repeat(CHARS_PER_TOKEN + 1)}`))).toEqual(['info skill/too-many-tokens']);
  });

  it('refuses a SKILL.md over the 1 MiB Claude Code reads, counted in bytes', () => {
    const frontmatter = '---\nname: pdf\ndescription: Use when x.\n---\n';
    const line = `${'é'.repeat(49)}\n`; // 99 bytes, 50 characters
    const body = (size: number) => line.repeat(Math.floor(size / 99)) + 'w'.repeat(size % 99);
    const atLimit = body(CLAUDE_CODE_MAX_BYTES - frontmatter.length);
    const skipped = (text: string) =>
      found(bodySizeRule(skillDocument('pdf', { 'SKILL.md': text }))).includes(
        'error skill/claude-code-skips-large-file',
      );
    expect(skipped(frontmatter + atLimit)).toBe(false);
    expect(skipped(`${frontmatter}${atLimit}w`)).toBe(true);
  });
});
