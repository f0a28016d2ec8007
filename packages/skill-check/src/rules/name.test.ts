import { describe, expect, it } from 'vitest';
import { found, skillDocument, skillMd } from '../test-support/skill-folder.js';
import { nameRule } from './name.js';

const check = (folder: string, name: string) =>
  nameRule(skillDocument(folder, { 'SKILL.md': skillMd(`${name}\ndescription: Use when testing.`) }));

describe('nameRule', () => {
  it('accepts a lowercase name that is its folder’s', () => {
    expect(check('pdf-tools-2', 'name: pdf-tools-2')).toEqual([]);
  });

  it('refuses the specification’s invalid examples (specification.mdx:80-88)', () => {
    for (const name of ['PDF-Processing', '-pdf', 'pdf--processing', 'pdf_tools', 'pdf-'])
      expect(found(check(name, `name: ${name}`)), name).toEqual(['error skill/name-format']);
  });

  it('warns of a lowercase letter beyond a-z, which quick_validate.py refuses and skills-ref accepts', () => {
    expect(found(check('café', 'name: café'))).toEqual(['warning skill/name-format']);
  });

  it('refuses a name over 64 characters, and one that is not its folder’s', () => {
    const long = 'a'.repeat(65);
    expect(found(check(long, `name: ${long}`))).toEqual(['error skill/name-too-long']);
    const [mismatch] = check('pdf', 'name: pdf-tools');
    expect(mismatch).toMatchObject({ ruleId: 'skill/name-folder-mismatch', line: 2, column: 7 });
  });

  it('refuses a missing, empty or non-text name', () => {
    expect(found(check('pdf', 'license: MIT'))).toEqual(['error skill/missing-name']);
    expect(found(check('pdf', 'name: ""'))).toEqual(['error skill/missing-name']);
    expect(found(check('pdf', 'name: [pdf]'))).toEqual(['error skill/wrong-type']);
  });
});
