import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeGitRepository } from '@skill-eval/testing';
import { corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEvalsJson } from './load-evals-json.js';

let tmp: string;
let skill: string;

const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
const evalsWithFiles = (files: string[]) =>
  JSON.stringify({ skill_name: 'written-name', evals: [{ id: 1, prompt: 'Go', assertions: ['ok'], files }] }, null, 2);
const load = (file: string, text: string) => loadEvalsJson(file, text);

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'evals-json-')));
  skill = join(tmp, 'skills', 'csv');
  write(join(skill, 'SKILL.md'), '---\nname: csv-analyzer-skill\ndescription: Reads CSVs.\n---\n# CSV\n');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('files resolution', () => {
  it('resolves the corpus entry relative to the skill root and stages the skill', () => {
    const file = join(skill, 'evals', 'evals.json');
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(
      corpusPath('agent-skills-evals-json/EntityProcess-agentv/examples/features/agent-skills-evals/evals.json'),
      file,
    );
    write(join(skill, 'evals', 'files', 'sales.csv'), 'month,revenue\n');
    const { suites, diagnostics } = load(file, readFileSync(file, 'utf8'));
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const suite = suites[0]!;
    expect(suite.skill).toEqual({ name: 'csv-analyzer-skill', dir: skill });
    expect(suite.name).toBe('csv-analyzer');
    expect(suite.cases[0]!.skills).toEqual([{ name: 'csv-analyzer-skill', dir: skill }]);
    expect(suite.cases[0]!.workspace.files).toEqual([
      { from: join(skill, 'evals', 'files', 'sales.csv'), to: 'evals/files/sales.csv' },
    ]);
  });

  it('falls back to the evals file directory, and prefers the skill root when both hold the file', () => {
    const file = join(skill, 'evals', 'evals.json');
    write(join(skill, 'evals', 'only-here.txt'), 'x');
    write(join(skill, 'both.txt'), 'root');
    write(join(skill, 'evals', 'both.txt'), 'evals');
    const { suites, diagnostics } = load(file, evalsWithFiles(['only-here.txt', 'both.txt']));
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases[0]!.workspace.files).toEqual([
      { from: join(skill, 'evals', 'only-here.txt'), to: 'only-here.txt' },
      { from: join(skill, 'both.txt'), to: 'both.txt' },
    ]);
  });

  it('refuses paths out of the project (".." past it), absolute paths and symlinks that leave the root, each at its position', () => {
    const file = join(skill, 'evals', 'evals.json');
    write(join(tmp, 'secret.txt'), 'secret');
    symlinkSync(join(tmp, 'secret.txt'), join(skill, 'link.txt'));
    write(join(skill, 'inside.txt'), 'fine');
    symlinkSync(join(skill, 'inside.txt'), join(skill, 'good-link.txt'));
    const text = evalsWithFiles(['../../secret.txt', join(tmp, 'secret.txt'), 'link.txt', 'good-link.txt']);
    const { suites, diagnostics } = load(file, text);
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column])).toEqual([
      ['evals-json/file-escapes-root', 'error', 11, 9],
      ['evals-json/file-escapes-root', 'error', 12, 9],
      ['evals-json/file-escapes-root', 'error', 13, 9],
    ]);
    expect(diagnostics[0]!.message).toContain(
      `resolves to ${join(tmp, 'secret.txt')}, outside this project (${skill})`,
    );
    expect(diagnostics[1]!.message).toContain('absolute path');
    expect(diagnostics[2]!.message).toContain(
      `"link.txt" resolves to ${join(tmp, 'secret.txt')}, outside this project`,
    );
    // The case stays (only the bad entries are dropped); a symlink within the root is fine.
    expect(suites[0]!.cases[0]!.workspace.files).toEqual([{ from: join(skill, 'inside.txt'), to: 'good-link.txt' }]);
  });

  it('".." that stays inside the project (the repository, else the skill root) is staged, without the leading ../', () => {
    makeGitRepository(tmp);
    const file = join(skill, 'evals', 'evals.json');
    write(join(tmp, 'shared', 'data.csv'), 'a,b\n');
    write(join(skill, 'fixtures', 'in.txt'), 'x');
    const { suites, diagnostics } = load(file, evalsWithFiles(['../../../shared/data.csv', '../fixtures/in.txt']));
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases[0]!.workspace.files).toEqual([
      { from: join(tmp, 'shared', 'data.csv'), to: 'shared/data.csv' },
      { from: join(skill, 'fixtures', 'in.txt'), to: 'fixtures/in.txt' },
    ]);
  });

  it('reports a missing fixture as a warning (an error when asked) naming every place looked at', () => {
    const file = join(skill, 'evals', 'evals.json');
    expect(load(file, evalsWithFiles(['nope.txt'])).diagnostics[0]?.severity).toBe('warning');
    const { diagnostics } = loadEvalsJson(file, evalsWithFiles(['nope.txt']), { missingFiles: 'error' });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', ruleId: 'evals-json/missing-file', line: 11, column: 9 });
    expect(diagnostics[0]!.message).toBe(
      `File "nope.txt" of eval 1 does not exist; looked for ${join(skill, 'nope.txt')} and ${join(skill, 'evals', 'nope.txt')}. Add the file or fix the path.`,
    );
  });

  it('without a SKILL.md: resolves against the evals directory, leaves the skill unset, keeps skill_name', () => {
    const file = join(tmp, 'loose', 'evals.json');
    write(join(tmp, 'loose', 'data.txt'), 'x');
    const { suites, diagnostics } = load(file, evalsWithFiles(['data.txt', '../skills/csv/SKILL.md']));
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['evals-json/no-skill', 'evals-json/file-escapes-root']);
    expect(diagnostics[0]!.message).toBe(
      'No SKILL.md in this folder or the 10 above it, so no skill is staged: every case runs without the skill "written-name". Keep the evals file inside the skill\'s folder (e.g. <skill>/evals/evals.json).',
    );
    const suite = suites[0]!;
    expect(suite.skill).toBeUndefined();
    expect(suite.settings.skillName).toBe('written-name');
    expect(suite.cases[0]!.skills).toEqual([]);
    expect(suite.cases[0]!.workspace.files).toEqual([{ from: join(tmp, 'loose', 'data.txt'), to: 'data.txt' }]);
  });

  it('paths may also be written from the repository root (the nearest .git), as AgentV and BMAD find them', () => {
    makeGitRepository(tmp);
    const dir = join(tmp, 'evals', 'bmm-skills', 'brief');
    write(join(dir, 'files', 'memo.md'), 'memo');
    const file = join(dir, 'evals.json');
    const text = JSON.stringify({
      evals: [{ id: 'A1', prompt: 'Go', expectations: ['ok'], files: ['evals/bmm-skills/brief/files/memo.md'] }],
    });
    const { suites, diagnostics } = load(file, text);
    // BMAD keeps gen-1 evals apart from the skill (evals/bmm-skills/<name>/), so none is staged from here.
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['evals-json/no-skill']);
    expect(suites[0]!.settings.dialect).toBe('bmad-1');
    expect(suites[0]!.cases[0]!.workspace.files).toEqual([
      { from: join(dir, 'files', 'memo.md'), to: 'evals/bmm-skills/brief/files/memo.md' },
    ]);
    // The skill-creator dialect too: AgentV's adapter searches every folder up to the repository root.
    const plain = load(file, text.replace('"A1"', '1'));
    expect(plain.diagnostics.map((d) => d.ruleId)).toEqual(['evals-json/no-skill']);
    expect(plain.suites[0]!.settings.dialect).toBe('skill-creator');
    expect(plain.suites[0]!.cases[0]!.workspace.files).toHaveLength(1);
  });

  it('the skill-used check of a trigger case names the SKILL.md skill', () => {
    const file = join(skill, 'evals', 'evals.json');
    const text = JSON.stringify({ evals: [{ id: 1, prompt: 'What time is it?', should_trigger: false }] });
    const { suites, diagnostics } = load(file, text);
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.name).toBe('csv-analyzer-skill');
    expect(suites[0]!.cases[0]!.checks).toEqual([{ type: 'skill-used', value: 'csv-analyzer-skill', negate: true }]);
  });
});

describe('BMAD setup overlays', () => {
  const BRIEF = 'evals/bmm-skills/bmad-product-brief';

  it('lays <evals>/setup/ on every case, then <evals>/<id>/setup/ on its own case; symlinked dirs are not used', () => {
    const project = join(tmp, 'bmad');
    makeGitRepository(project);
    const evalsDir = join(project, BRIEF);
    const file = join(evalsDir, 'evals.json');
    write(file, readCorpus(`bmad-evals-json/bmad-code-org-BMAD-METHOD/${BRIEF}/evals.json`));
    write(join(evalsDir, 'setup', 'docs', 'base.md'), 'base');
    write(join(evalsDir, 'A1', 'setup', 'docs', 'a1.md'), 'a1');
    write(join(tmp, 'elsewhere', 'secret.txt'), 'secret');
    mkdirSync(join(evalsDir, 'A2'));
    symlinkSync(join(tmp, 'elsewhere'), join(evalsDir, 'A2', 'setup'));

    const result = loadEvalsJson(file, readFileSync(file, 'utf8'), { missingFiles: 'warning' });
    const cases = result.suites[0]!.cases;
    const overlaysOf = (id: string) => cases.find((c) => c.id === id)!.workspace.overlays;
    expect(result.suites[0]!.settings.dialect).toBe('bmad-1');
    expect(overlaysOf('A1')).toEqual([join(evalsDir, 'setup'), join(evalsDir, 'A1', 'setup')]);
    expect(overlaysOf('A2')).toEqual([join(evalsDir, 'setup')]);
    expect(overlaysOf('C1')).toEqual([join(evalsDir, 'setup')]);
  });

  it('gives no overlays when the layout has no setup directories', () => {
    const file = join(tmp, 'bmad', BRIEF, 'evals.json');
    write(file, readCorpus(`bmad-evals-json/bmad-code-org-BMAD-METHOD/${BRIEF}/evals.json`));
    const result = loadEvalsJson(file, readFileSync(file, 'utf8'), { missingFiles: 'warning' });
    expect(result.suites[0]!.cases.every((c) => c.workspace.overlays.length === 0)).toBe(true);
  });
});

describe("BMAD's project copy", () => {
  const BRIEF = 'evals/bmm-skills/bmad-product-brief';
  const load = (file: string, text: string, options = {}) =>
    loadEvalsJson(file, text, { missingFiles: 'warning', ...options }).suites[0]!.cases.map((c) => c.workspace.project);
  const skillCreator = JSON.stringify({ skill_name: 's', evals: [{ id: 1, prompt: 'p', expectations: ['e'] }] });

  it('starts a BMAD eval from the project root (nearest _bmad/ or .git), with the excludes the settings add', () => {
    const project = join(tmp, 'bmad-project');
    mkdirSync(join(project, '_bmad'), { recursive: true });
    const file = join(project, BRIEF, 'evals.json');
    write(file, readCorpus(`bmad-evals-json/bmad-code-org-BMAD-METHOD/${BRIEF}/evals.json`));
    const projects = load(file, readFileSync(file, 'utf8'), { projectExclude: ['docs/big', '*.log'] });
    expect(projects).toHaveLength(15);
    expect(new Set(projects.map((p) => JSON.stringify(p)))).toEqual(
      new Set([JSON.stringify({ root: project, exclude: ['docs/big', '*.log'] })]),
    );
    // `never` turns it off.
    expect(load(file, readFileSync(file, 'utf8'), { projectCopy: 'never' }).every((p) => p === undefined)).toBe(true);
  });

  it("knows BMAD's files by dialect, by an evals/…/<skill>/ place outside a skill, or by a setup/ overlay", () => {
    const project = join(tmp, 'layouts');
    makeGitRepository(project);
    // A skill-creator file in an evals tree outside the skill: BMAD's layout.
    const outside = join(project, 'evals', 'pdf', 'evals.json');
    write(outside, skillCreator);
    expect(load(outside, skillCreator)).toEqual([{ root: project, exclude: [] }]);
    // The same file in the skill's own evals/ folder: skill-creator's layout, no copy unless always.
    const inside = join(project, 'skills', 'pdf', 'evals', 'evals.json');
    write(join(project, 'skills', 'pdf', 'SKILL.md'), '---\nname: pdf\n---\n');
    write(inside, skillCreator);
    expect(load(inside, skillCreator)).toEqual([undefined]);
    expect(load(inside, skillCreator, { projectCopy: 'always' })).toEqual([{ root: project, exclude: [] }]);
    // A setup/ overlay beside it makes it BMAD's.
    write(join(project, 'skills', 'pdf', 'evals', 'setup', '_bmad', 'config.yaml'), 'x: 1');
    expect(load(inside, skillCreator)).toEqual([{ root: project, exclude: [] }]);
  });

  it('copies nothing where no folder above holds _bmad/ or .git', () => {
    const file = '/nonexistent-skill-eval-test/evals/x/evals.json';
    expect(load(file, skillCreator, { projectCopy: 'always' })).toEqual([undefined]);
  });
});

describe('typed assertions', () => {
  it('{type: fixture_unchanged} checks the fixtures, every one or those it names', () => {
    const text = JSON.stringify({
      skill_name: 's',
      evals: [
        {
          id: 1,
          prompt: 'p',
          expectations: [{ type: 'fixture_unchanged' }, { type: 'fixtures_unchanged', value: 'brief.md' }],
        },
      ],
    });
    const { suites, diagnostics } = loadEvalsJson('/nonexistent-skill-eval-test/evals/evals.json', text);
    expect(suites[0]!.cases[0]!.checks).toEqual([
      { type: 'fixture-unchanged', name: 'fixture_unchanged' },
      { type: 'fixture-unchanged', value: 'brief.md', name: 'fixtures_unchanged: brief.md' },
    ]);
    expect(diagnostics.find((d) => d.ruleId === 'evals-json/typed-assertion')?.message).toContain(
      "on the case's fixtures",
    );
  });

  it('{type: content_contains, value} and its kin become deterministic checks, each noted at its position', () => {
    const text = [
      '{"skill_name": "s", "evals": [{"id": 1, "prompt": "p", "assertions": [',
      '  {"type": "content_contains", "value": "plan"},',
      '  {"type": "content_not_contains", "value": "use a larger model"},',
      '  {"type": "regex", "value": "^ok"},',
      '  "a plain criterion"',
      ']}]}',
    ].join('\n');
    const { suites, diagnostics } = loadEvalsJson('/nonexistent-skill-eval-test/evals/evals.json', text);
    expect(suites[0]!.cases[0]!.checks).toEqual([
      { type: 'contains', value: 'plan', name: 'content_contains: plan' },
      { type: 'contains', value: 'use a larger model', name: 'content_not_contains: use a larger model', negate: true },
      { type: 'regex', value: '^ok', name: 'regex: ^ok' },
      { type: 'llm-rubric', value: 'a plain criterion', name: 'a plain criterion' },
    ]);
    const typed = diagnostics.filter((d) => d.ruleId === 'evals-json/typed-assertion');
    expect(typed.map((d) => [d.severity, d.line, d.column])).toEqual([
      ['info', 2, 3],
      ['info', 3, 3],
      ['info', 4, 3],
    ]);
  });
});
