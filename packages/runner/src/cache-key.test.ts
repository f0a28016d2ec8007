import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Case } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CacheKeyContext, cacheKey } from './cache-key.js';
import type { EngineTarget } from './engine-target.js';
import { type PlanItem, planItems, type Variant } from './plan.js';
import { fakeEngine } from './test-support/fake-engine.js';
import { makeCase, makeSuite, tempDir, writeTree } from './test-support/fixtures.js';
import { createTreeHasher } from './tree-hasher.js';

describe('cacheKey', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let skillDir: string;
  let evalFile: string;
  const { engine } = fakeEngine(async () => ({ status: 'completed', engineId: 'fake' }));
  const target: EngineTarget = { id: 'fake', engine, version: '1.0.0', settings: { path: 'fake-bin' } };

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir('cache-key-'));
    skillDir = join(dir, 'demo');
    evalFile = join(skillDir, 'evals', 'evals.json');
    await writeTree(skillDir, {
      'SKILL.md': '---\nname: demo\n---\nSay done.\n',
      'evals/evals.json': '{"evals": []}',
      'fixtures/input.txt': 'input',
      'golden.txt': 'expected',
    });
  });
  afterEach(() => cleanup());

  const testCase = (fields: Partial<Parameters<typeof makeCase>[0]> = {}): Case =>
    makeCase({
      id: 'c1',
      turns: ['say done'],
      skills: [{ name: 'demo', dir: skillDir }],
      source: { file: evalFile, format: 'fake', line: 3, column: 5 },
      checks: [{ type: 'contains', value: 'done' }],
      ...fields,
    });

  const item = (c: Case, variants: Variant[] = ['with_skill'], t: EngineTarget = target): PlanItem<EngineTarget> =>
    planItems([{ ...makeSuite('s', [c]), file: c.source.file }], [t], (x) => x.id, variants)[0]!;

  const key = (i: PlanItem<EngineTarget>, ctx: Partial<CacheKeyContext> = {}) =>
    cacheKey(i, {
      hasher: createTreeHasher(),
      evalFiles: new Set([i.testCase.source.file]),
      overrides: {},
      ...ctx,
    });

  /** The case of a skill at `skill` that reads a fixture tree, a golden file and `outside`, a tree beside the skill. */
  const readingCase = (skill: string, outside: string) =>
    testCase({
      skills: [{ name: 'demo', dir: skill }],
      source: { file: join(skill, 'evals', 'evals.json'), format: 'fake' },
      workspace: {
        files: [
          { from: join(skill, 'fixtures'), to: 'in' },
          { from: outside, to: 'shared' },
        ],
        setup: [`cp ${join(skill, 'golden.txt')} .`],
      },
      checks: [{ type: 'golden-file', golden: join(skill, 'golden.txt') }],
    });

  it('is stable for the same inputs and ignores where the case sits in its file and the eval file itself', async () => {
    const base = await key(item(testCase()));
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(await key(item(testCase()))).toBe(base);
    expect(await key(item(testCase({ source: { file: evalFile, format: 'fake', line: 40 } })))).toBe(base);
    // The eval file lives in the skill directory, but its content is in the key case by case.
    await writeFile(evalFile, '{"evals": [{"id": "another"}]}');
    expect(await key(item(testCase()))).toBe(base);
  });

  it('changes with the skill tree, the case, the engine and the run number', async () => {
    const base = await key(item(testCase()));
    const differs = async (k: Promise<string>) => expect(await k).not.toBe(base);
    await differs(key(item(testCase({ turns: ['say done!'] }))));
    await differs(key(item(testCase({ checks: [{ type: 'contains', value: 'Done' }] }))));
    await differs(key(item({ ...testCase(), limits: { timeoutSeconds: 5 } })));
    await differs(key(item(testCase(), ['with_skill'], { ...target, model: 'other-model' })));
    await differs(key(item(testCase(), ['with_skill'], { ...target, version: '1.0.1' })));
    await differs(key(item(testCase(), ['with_skill'], { ...target, settings: { path: 'other-bin' } })));
    await differs(key(item(testCase(), ['without_skill'])));
    await differs(key({ ...item(testCase()), planned: { ...item(testCase()).planned, run: 2 } }));
    await differs(key(item(testCase()), { harnessVersion: '9.9.9' }));
    await differs(key(item(testCase()), { overrides: { maxTurns: 3 } }));
    await writeFile(join(skillDir, 'SKILL.md'), '---\nname: demo\n---\nSay done!\n');
    await differs(key(item(testCase())));
  });

  it('keeps the key of run n when the number of runs or the retries change (--runs, --retries)', async () => {
    const runOne = (c: Case) => key(item(c));
    const base = await runOne(testCase());
    expect(await runOne(testCase({ runs: 5 }))).toBe(base);
    expect(await runOne({ ...testCase(), retry: { max: 2, on: ['timeout', 'error'] } })).toBe(base);
    const runTwo = (c: Case) => key(planItems([{ ...makeSuite('s', [c]), file: evalFile }], [target], (x) => x.id)[1]!);
    expect(await runTwo(testCase({ runs: 2 }))).toBe(await runTwo(testCase({ runs: 4 })));
  });

  it("ignores skill-eval's own runs and cache in the skill's folder (a run started there)", async () => {
    const base = await key(item(testCase()));
    await writeTree(skillDir, {
      '.skill-eval/runs/2026-01-01T00-00-00/results.jsonl': '{}',
      '.skill-eval/cache/ab/abcdef.json': '{}',
    });
    expect(await key(item(testCase()))).toBe(base);
  });

  it('keeps its keys when the project moves, and keys paths outside it as they are', async () => {
    const outside = join(dir, 'shared');
    await writeTree(outside, { 'data.txt': 'shared' });
    const base = await key(item(readingCase(skillDir, outside)));

    // The same skill in another directory (another checkout, a renamed project) reads the same trees.
    const moved = join(dir, 'elsewhere', 'demo-renamed');
    await cp(skillDir, moved, { recursive: true });
    expect(await key(item(readingCase(moved, outside)))).toBe(base);

    // The tree beside the project is not part of it: the same content elsewhere is another input.
    const otherOutside = join(dir, 'shared-copy');
    await cp(outside, otherOutside, { recursive: true });
    expect(await key(item(readingCase(moved, otherOutside)))).not.toBe(base);
    // A directory whose name starts with the project's is beside it, not in it: each is keyed where it is.
    const readingSibling = (skill: string) => {
      const c = readingCase(skill, outside);
      c.workspace.files![0] = { from: join(`${skill}2`, 'fixtures'), to: 'in' };
      return c;
    };
    await cp(skillDir, `${skillDir}2`, { recursive: true });
    await cp(moved, `${moved}2`, { recursive: true });
    expect(await key(item(readingSibling(moved)))).not.toBe(await key(item(readingSibling(skillDir))));
    // Inside the project, what a path names still counts: the fixture read from another folder of the same content.
    await cp(join(moved, 'fixtures'), join(moved, 'fixtures-2'), { recursive: true });
    const renamedFixture = readingCase(moved, outside);
    renamedFixture.workspace.files![0] = { from: join(moved, 'fixtures-2'), to: 'in' };
    expect(await key(item(renamedFixture))).not.toBe(await key(item(readingCase(moved, outside))));
  });

  it('takes the judge only for cases a judge grades', async () => {
    const plain = item(testCase());
    const judged = item(testCase({ checks: [{ type: 'llm-rubric', value: 'says done' }] }));
    const judge = (model: string) => ({ judge: { engine: 'anthropic', model } });
    expect(await key(plain, judge('a'))).toBe(await key(plain, judge('b')));
    expect(await key(judged, judge('a'))).not.toBe(await key(judged, judge('b')));
  });

  it('reads the files that setup steps and grading scripts name in their command lines', async () => {
    const scripts = join(dir, 'my scripts');
    await writeTree(scripts, { 'check.sh': 'exit 0', 'data.txt': 'data' });
    const commands = testCase({
      workspace: { setup: [`cp "${join(scripts, 'data.txt')}" .`] },
      checks: [
        { type: 'assert-set', checks: [{ type: 'script', value: `bash '${join(scripts, 'check.sh')}' --strict` }] },
      ],
    });
    // The without_skill variant stages no skill: the key holds the scripts only through the command lines.
    const keyOf = () => key(item(commands, ['without_skill']));
    const base = await keyOf();
    await writeFile(join(scripts, 'check.sh'), 'exit 1');
    const scriptChanged = await keyOf();
    expect(scriptChanged).not.toBe(base);
    await writeFile(join(scripts, 'data.txt'), 'data 2');
    expect(await keyOf()).not.toBe(scriptChanged);
  });

  it('reads fixture trees and files named by checks, and the baseline skill for the baseline variant', async () => {
    const withFiles = testCase({
      workspace: { files: [{ from: join(skillDir, 'fixtures'), to: 'in' }] },
      checks: [{ type: 'golden-file', golden: join(skillDir, 'golden.txt') }],
    });
    const base = await key(item(withFiles));
    await writeFile(join(skillDir, 'fixtures', 'input.txt'), 'input 2');
    const fixtureChanged = await key(item(withFiles));
    expect(fixtureChanged).not.toBe(base);
    await writeFile(join(skillDir, 'golden.txt'), 'expected 2');
    expect(await key(item(withFiles))).not.toBe(fixtureChanged);

    const oldSkill = join(dir, 'old');
    await writeTree(oldSkill, { 'SKILL.md': 'old' });
    const baseline = item(testCase(), ['baseline']);
    const before = await key(baseline, { baselineSkill: { name: 'demo', dir: oldSkill } });
    await writeFile(join(oldSkill, 'SKILL.md'), 'old!');
    expect(await key(baseline, { baselineSkill: { name: 'demo', dir: oldSkill } })).not.toBe(before);
  });
});
