import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withTrust } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTriggersJson } from './load-triggers-json.js';
import { writeTriggersJson } from './write-triggers-json.js';

let tmp: string;
beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'skill-list-')));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const skill = (dir: string, name: string, folder = name) => {
  mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(join(dir, folder, 'SKILL.md'), `---\nname: ${name}\ndescription: Does ${name}.\n---\n# ${name}\n`);
  return { name, dir: join(dir, folder) };
};

const table = (skills: unknown) =>
  `{
  "skills": ${JSON.stringify(skills)},
  "cases": [
    {"prompt": "Turn this table into a PDF report", "expect": "pdf"},
    {"prompt": "What is the capital of France?", "expect": null}
  ]
}`;

describe('a routing table that names its skills ("skills": [paths])', () => {
  it('routes between the skills it names, in its order, relative to the file, and not the folder’s others', () => {
    // A repository with skills in two places; the table sits in neither.
    mkdirSync(join(tmp, '.git'));
    const pdf = skill(join(tmp, 'plugins', 'docs', 'skills'), 'pdf');
    const csv = skill(join(tmp, 'shared'), 'csv', 'csv-tools');
    skill(join(tmp, 'evals'), 'not-routed');
    const file = join(tmp, 'evals', 'routing.json');
    const { suites, diagnostics } = loadTriggersJson(
      file,
      table(['../plugins/docs/skills/pdf', '../shared/csv-tools/']),
      { cwd: tmp },
    );
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.name).toBe('routing: pdf, csv');
    for (const c of suites[0]!.cases) expect(c.skills).toEqual([pdf, csv]);
    expect(suites[0]!.cases.map((c) => c.expectedSkill)).toEqual(['pdf', null]);
  });

  it('reports a missing path, a folder without SKILL.md, a folder of skills and a repeated skill at their lines', () => {
    const skills = join(tmp, 'skills');
    skill(skills, 'pdf');
    skill(skills, 'csv');
    mkdirSync(join(skills, 'evals'));
    mkdirSync(join(skills, 'notes'));
    writeFileSync(join(skills, 'README.md'), '# skills\n');
    const text = `{
  "skills": [
    "../pdf",
    "../pptx",
    "../notes",
    "..",
    "../README.md",
    "../pdf/",
    3
  ],
  "cases": [{"prompt": "Make a PDF", "expect": "pdf"}, {"prompt": "Sum it", "expect": "csv"}]
}`;
    const file = join(skills, 'evals', 'routing.json');
    const { suites, diagnostics } = loadTriggersJson(file, text, { cwd: tmp });
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column])).toEqual([
      ['triggers-json/skill-not-found', 'error', 4, 5],
      ['triggers-json/not-a-skill', 'error', 5, 5],
      ['triggers-json/not-a-skill', 'error', 6, 5],
      ['triggers-json/not-a-skill', 'error', 7, 5],
      ['triggers-json/duplicate-skill', 'error', 8, 5],
      ['triggers-json/wrong-type', 'error', 9, 5],
      // csv is in the folder but not in the list: the list decides.
      ['triggers-json/unknown-skill', 'error', 11, 87],
    ]);
    expect(diagnostics.every((d) => d.file === file)).toBe(true);
    const [missing, notes, folder, readme, again] = diagnostics.map((d) => d.message);
    expect(missing).toBe(
      `Item 2 of "skills", "../pptx", resolves to ${join(skills, 'pptx')}, which does not exist. Correct the path (it is relative to this file) or remove the entry.`,
    );
    expect(notes).toContain('is a folder without a SKILL.md, so it is not a skill.');
    expect(folder).toContain(
      'is a folder of skills (csv, pdf), not a skill: it holds no SKILL.md. Name each skill folder',
    );
    expect(readme).toContain('is a file, not a skill folder');
    expect(again).toContain('is skill "pdf" again (item 1 is too)');
    expect(diagnostics[6]!.message).toContain('("pdf"); correct the name, add its folder to "skills", or write null');
    expect(suites[0]!.cases.map((c) => [c.expectedSkill, c.skills.map((s) => s.name)])).toEqual([['pdf', ['pdf']]]);
  });

  it('refuses a skill outside the project unless --trust, then stages it', () => {
    const outside = skill(join(tmp, 'elsewhere'), 'pdf');
    const project = join(tmp, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'evals'));
    // A link inside the project to a skill outside it is outside too.
    symlinkSync(outside.dir, join(project, 'linked-pdf'));
    const file = join(project, 'evals', 'routing.json');
    for (const path of ['../../elsewhere/pdf', '../linked-pdf']) {
      const { suites, diagnostics } = loadTriggersJson(file, table([path]), { cwd: tmp });
      expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.needsTrust])).toEqual([
        ['triggers-json/outside-project', 'error', 2, true],
      ]);
      expect(diagnostics[0]!.message).toContain(`outside this project (${project}); an eval file may reach outside`);
      expect(withTrust(diagnostics, true)[0]!.severity).toBe('warning');
      expect(suites[0]!.cases[0]!.skills.map((s) => s.name)).toEqual(['pdf']);
    }
  });

  it('without a repository, may name skills as far as one level above the table’s folder', () => {
    skill(join(tmp, 'skills'), 'pdf');
    skill(tmp, 'far');
    mkdirSync(join(tmp, 'skills', 'evals'));
    const file = join(tmp, 'skills', 'evals', 'routing.json');
    expect(loadTriggersJson(file, table(['../pdf']), { cwd: tmp }).diagnostics).toEqual([]);
    const far = loadTriggersJson(file, table(['../pdf', '../../far']), { cwd: tmp }).diagnostics;
    expect(far.map((d) => [d.ruleId, d.line])).toEqual([['triggers-json/outside-project', 2]]);
  });

  it('reports a "skills" that is no list, or an empty one', () => {
    skill(join(tmp, 'skills'), 'pdf');
    const file = join(tmp, 'skills', 'routing.json');
    const notList = loadTriggersJson(file, table('pdf'), { cwd: tmp });
    expect(notList.diagnostics[0]).toMatchObject({ ruleId: 'triggers-json/wrong-type', line: 2, column: 13 });
    expect(notList.diagnostics[0]!.message).toContain('"skills" is a string; write a list of skill folders');
    expect(notList.suites).toEqual([]);
    const empty = loadTriggersJson(file, table([]), { cwd: tmp });
    expect(empty.diagnostics[0]).toMatchObject({ ruleId: 'triggers-json/no-skills', line: 2 });
    expect(empty.suites).toEqual([]);
  });

  it('is written back without the list, which named folders relative to the original file, and says so', () => {
    skill(join(tmp, 'skills'), 'pdf');
    const file = join(tmp, 'skills', 'routing.json');
    const [suite] = loadTriggersJson(file, table(['pdf']), { cwd: tmp }).suites;
    const written = writeTriggersJson(suite!);
    expect(written.lost).toEqual([expect.stringContaining('"skills" (1 skill folders named relative to the original')]);
    expect(JSON.parse(written.files[0]!.text)).not.toHaveProperty('skills');
  });
});
