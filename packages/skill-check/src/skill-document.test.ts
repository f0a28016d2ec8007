import { describe, expect, it } from 'vitest';
import { readSkillDocument } from './skill-document.js';
import { skillFolder, skillMd } from './test-support/skill-folder.js';

describe('readSkillDocument', () => {
  it('splits frontmatter and body, with positions in the file', () => {
    const dir = skillFolder('pdf', { 'SKILL.md': skillMd('name: pdf\ndescription: Reads PDFs.', '# PDF\nbody\n') });
    const { document, diagnostics } = readSkillDocument(dir);
    expect(diagnostics).toEqual([]);
    expect(document.frontmatter?.data).toEqual({ name: 'pdf', description: 'Reads PDFs.' });
    expect(document.frontmatter?.valueAt('description')).toEqual({ line: 3, column: 14 });
    expect(document.frontmatter?.keyAt('name')).toEqual({ line: 2, column: 1 });
    expect(document.bodyLine).toBe(5);
    expect(document.body).toBe('# PDF\nbody\n');
  });

  it('reads CRLF line ends and a byte-order mark', () => {
    const dir = skillFolder('pdf', { 'SKILL.md': '\uFEFF---\r\nname: pdf\r\ndescription: x\r\n---\r\n# Body\r\n' });
    const { document, diagnostics } = readSkillDocument(dir);
    expect(diagnostics).toEqual([]);
    expect(document.frontmatter?.data.name).toBe('pdf');
    expect(document.bodyLine).toBe(5);
  });

  it('reports a file without frontmatter, or never closed', () => {
    for (const text of ['# Just a body\n', '---\nname: pdf\n# no closing fence\n']) {
      const { document, diagnostics } = readSkillDocument(skillFolder('pdf', { 'SKILL.md': text }));
      expect(diagnostics.map((d) => d.ruleId)).toEqual(['skill/no-frontmatter']);
      expect(document.frontmatter).toBeUndefined();
    }
  });

  it('reports YAML that does not parse at its line, and frontmatter that is no map', () => {
    const broken = readSkillDocument(
      skillFolder('pdf', { 'SKILL.md': skillMd('name: pdf\ndescription: Use: when: "x" y') }),
    );
    expect(new Set(broken.diagnostics.map((d) => `${d.ruleId}:${d.line}`))).toEqual(
      new Set(['skill/frontmatter-syntax:3']),
    );
    const list = readSkillDocument(skillFolder('pdf', { 'SKILL.md': skillMd('- name\n- description') }));
    expect(list.diagnostics.map((d) => d.ruleId)).toEqual(['skill/frontmatter-not-a-map']);
  });

  it('reads an empty frontmatter as one without keys', () => {
    const { document, diagnostics } = readSkillDocument(skillFolder('pdf', { 'SKILL.md': '---\n---\n# Body\n' }));
    expect(diagnostics).toEqual([]);
    expect(document.frontmatter?.data).toEqual({});
    expect(document.bodyLine).toBe(3);
  });
});
