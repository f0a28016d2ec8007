import { describe, expect, it } from 'vitest';
import { COMPATIBILITY_MAX } from '../spec-limits.js';
import { found, skillDocument, skillMd } from '../test-support/skill-folder.js';
import { compatibilityRule } from './compatibility.js';

const check = (value: string) =>
  compatibilityRule(
    skillDocument('pdf', { 'SKILL.md': skillMd(`name: pdf\ndescription: Use when x.\ncompatibility: ${value}`) }),
  );

describe('compatibilityRule', () => {
  it('accepts up to 500 characters and refuses more', () => {
    expect(check('r'.repeat(COMPATIBILITY_MAX))).toEqual([]);
    expect(found(check('r'.repeat(COMPATIBILITY_MAX + 1)))).toEqual(['error skill/compatibility-too-long']);
  });
});
