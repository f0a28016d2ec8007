import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE_LISTING_MAX, DESCRIPTION_MAX } from '../spec-limits.js';
import { found, skillDocument, skillMd } from '../test-support/skill-folder.js';
import { descriptionRule } from './description.js';

const check = (frontmatter: string) =>
  descriptionRule(skillDocument('pdf', { 'SKILL.md': skillMd(`name: pdf\n${frontmatter}`) }));

describe('descriptionRule', () => {
  it('accepts the specification’s good example (specification.mdx:101)', () => {
    expect(
      check(
        'description: Extracts text and tables from PDF files, fills PDF forms, and merges multiple PDFs. Use when working with PDF documents or when the user mentions PDFs, forms, or document extraction.',
      ),
    ).toEqual([]);
  });

  it('notes its poor example (specification.mdx:106), which does not say when', () => {
    expect(found(check('description: Helps with PDFs.'))).toEqual(['info skill/description-no-when']);
  });

  it('refuses a missing, blank or non-text description', () => {
    expect(found(check('license: MIT'))).toEqual(['error skill/missing-description']);
    expect(found(check('description: "  "'))).toEqual(['error skill/missing-description']);
    expect(found(check('description: 42'))).toEqual(['error skill/wrong-type']);
  });

  it('counts characters as the validators do (code points), up to 1024', () => {
    const at = (length: number) => `description: "Use when ${'é'.repeat(length - 9)}"`;
    expect(check(at(DESCRIPTION_MAX))).toEqual([]);
    expect(found(check(at(DESCRIPTION_MAX + 1)))).toEqual(['error skill/description-too-long']);
  });

  it('warns of angle brackets, which quick_validate.py refuses', () => {
    expect(found(check('description: Use when editing <div> tags.'))).toEqual([
      'warning skill/description-angle-brackets',
    ]);
  });

  it('warns when Claude Code cuts description and when_to_use together', () => {
    const description = `Use when ${'x'.repeat(900)}`;
    const fits = 'y'.repeat(CLAUDE_CODE_LISTING_MAX - description.length - 3);
    expect(check(`description: ${description}\nwhen_to_use: ${fits}`)).toEqual([]);
    expect(found(check(`description: ${description}\nwhen_to_use: ${fits}z`))).toEqual([
      'warning skill/claude-code-truncates-description',
    ]);
  });
});
