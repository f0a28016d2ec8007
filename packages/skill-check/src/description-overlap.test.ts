import { describe, expect, it } from 'vitest';
import { contentWords, descriptionOverlaps, wordSetCosine } from './description-overlap.js';
import { found, skillDocument, skillMd } from './test-support/skill-folder.js';

const skill = (name: string, description: string) =>
  skillDocument(name, { 'SKILL.md': skillMd(`name: ${name}\ndescription: ${description}`) });

describe('description overlap', () => {
  it('compares content words, stop words and plurals aside', () => {
    expect([...contentWords('Use when the user asks about PDFs and PDF forms')].sort()).toEqual(['form', 'pdf']);
    expect(wordSetCosine(new Set(['a', 'b']), new Set(['a', 'b']))).toBe(1);
    expect(wordSetCosine(new Set(['a', 'b', 'c', 'd']), new Set(['a']))).toBe(0.5);
    expect(wordSetCosine(new Set(), new Set(['a']))).toBe(0);
  });

  it('warns of two descriptions that share most words, at the later one, with the score', () => {
    const diagnostics = descriptionOverlaps([
      skill('pdf-forms', 'Fill PDF forms and extract form fields. Use when the user has a PDF form to fill.'),
      skill('pdf-fill', 'Fill PDF form fields from data. Use when a PDF form needs filling.'),
    ]);
    expect(found(diagnostics)).toEqual(['warning skill/description-overlap']);
    expect(diagnostics[0]?.message).toMatch(/"pdf-forms".*similarity 0\.\d\d/);
    expect(diagnostics[0]?.file).toMatch(/pdf-fill[\\/]SKILL\.md$/);
  });

  it('leaves distinct descriptions alone', () => {
    expect(
      descriptionOverlaps([
        skill('pdf', 'Extract text from PDF files. Use when reading PDFs.'),
        skill('git-release', 'Tag and publish a release with git. Use when shipping a version.'),
      ]),
    ).toEqual([]);
  });
});
