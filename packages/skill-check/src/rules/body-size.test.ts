import { describe, expect, it } from 'vitest';
import { BODY_MAX_TOKENS, CHARS_PER_TOKEN, SKILL_MD_MAX_LINES } from '../spec-limits.js';
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
});
