import { describe, expect, it } from 'vitest';
import { found, skillDocument, skillMd } from '../test-support/skill-folder.js';
import { fileReferencesRule } from './file-references.js';

const check = (body: string, files: Record<string, string> = {}) =>
  fileReferencesRule(
    skillDocument('pdf', { 'SKILL.md': skillMd('name: pdf\ndescription: Use when x.', body), ...files }),
  );

describe('fileReferencesRule', () => {
  it('accepts links and paths to files the skill holds, web links and anchors', () => {
    const body = [
      'See [the guide](references/GUIDE.md#forms) and [forms](./FORMS.md).',
      'Run `scripts/extract.py`, then [docs](https://example.com/a.md) and [below](#usage).',
      '```sh',
      'python scripts/extract.py in.pdf',
      '```',
    ].join('\n');
    expect(check(body, { 'references/GUIDE.md': 'g', 'FORMS.md': 'f', 'scripts/extract.py': '#!' })).toEqual([]);
  });

  it('warns of a link to a missing file at the link, and notes a path mentioned', () => {
    const diagnostics = check('Read [the guide](references/GUIDE.md).\n\nRun `python scripts/fill.py`.\n');
    expect(found(diagnostics)).toEqual(['warning skill/missing-file', 'info skill/missing-file']);
    expect(diagnostics[0]).toMatchObject({ line: 5, column: 6 });
    expect(diagnostics[1]).toMatchObject({ line: 7, column: 13 });
  });

  it('leaves a path in the user’s project alone, and a link inside a code block', () => {
    expect(check('Edit `src/index.ts` in the project.\n\n```md\n[x](missing.md)\n```\n')).toEqual([]);
  });

  it('warns of a link out of the skill folder', () => {
    expect(found(check('See [shared](../shared/NOTES.md).'))).toEqual(['warning skill/reference-outside-skill']);
  });
});
