import { join } from 'node:path';
import { type Suite, SuiteSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { selectChangedSuites } from './changed-suites.js';

const root = '/project';
const at = (...parts: string[]) => join(root, ...parts);

/** A suite of one case in `evals/<name>.json` testing `skills/<name>`, with the case's workspace as given. */
function suite(name: string, workspace: Record<string, unknown> = {}, caseFile?: string): Suite {
  const file = at('evals', `${name}.json`);
  const skill = { name, dir: at('skills', name) };
  return SuiteSchema.parse({
    id: `evals/${name}.json`,
    name,
    file,
    format: 'agentskills',
    skill,
    cases: [
      {
        id: '1',
        name: '1',
        kind: 'task',
        turns: ['do it'],
        skills: [skill],
        source: { file: caseFile ?? file, format: 'agentskills', line: 1, column: 1 },
        workspace,
      },
    ],
  });
}

const run = async (suites: Suite[], changed: string[]) => {
  const selected = await selectChangedSuites(suites, new Set(changed), root);
  return {
    runs: selected.changed.map((c) => `${c.suite.name} <- ${c.because}`),
    skips: selected.unchanged.map((u) => u.suite.name),
  };
};

describe('selectChangedSuites (run --changed)', () => {
  const a = suite('alpha');
  const b = suite('beta');

  it('runs a suite whose skill folder has a changed file, at any depth, and skips the others', async () => {
    expect(await run([a, b], [at('skills', 'alpha', 'references', 'api.md')])).toEqual({
      runs: ['alpha <- skills/alpha/references/api.md'],
      skips: ['beta'],
    });
  });

  it('runs a suite whose eval file changed, or a case file it reads (skill-up cases/)', async () => {
    const split = suite('gamma', {}, at('evals', 'cases', 'one.yaml'));
    expect((await run([a, split], [at('evals', 'alpha.json')])).runs).toEqual(['alpha <- evals/alpha.json']);
    expect((await run([a, split], [at('evals', 'cases', 'one.yaml')])).runs).toEqual(['gamma <- evals/cases/one.yaml']);
  });

  it('does not take a sibling folder that only shares a prefix for the skill', async () => {
    expect((await run([a], [at('skills', 'alpha-old', 'SKILL.md'), at('skills', 'alphabet.md')])).runs).toEqual([]);
  });

  it('runs a suite whose case names a changed fixture tree or file', async () => {
    const withFixture = suite('delta', { files: [{ from: at('fixtures', 'repo'), to: '.' }] });
    expect((await run([withFixture, b], [at('fixtures', 'repo', 'src', 'main.ts')])).runs).toEqual([
      'delta <- fixtures/repo/src/main.ts',
    ]);
  });

  it('runs a case that copies its project on a change the copy keeps, not on one under .git, node_modules or an exclusion', async () => {
    const project = suite('bmad', { project: { root, exclude: ['*.log'] } });
    expect(
      (await run([project], [at('node_modules', 'x', 'index.js'), at('.git', 'HEAD'), at('notes', 'run.log')])).runs,
    ).toEqual([]);
    expect((await run([project], [at('docs', 'guide.md')])).runs).toEqual(['bmad <- docs/guide.md']);
  });

  it('skips every suite when nothing changed, saying why', async () => {
    const selected = await selectChangedSuites([a, b], new Set(), root);
    expect(selected.changed).toEqual([]);
    expect(selected.unchanged.map((u) => u.why)).toEqual([
      'no change to its eval files, its skill or the files its cases use',
      'no change to its eval files, its skill or the files its cases use',
    ]);
  });
});
