import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type CaseResult, CaseResultSchema, type EngineRunInput, type Suite, SuiteSchema } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSuites } from './run-suites.js';
import { completed, fakeEngine, sleep } from './test-support/fake-engine.js';
import { makeCase, makeSuite, tempDir, writeTree } from './test-support/fixtures.js';

const done = [{ type: 'contains' as const, value: 'done' }];
const staged = (input: EngineRunInput) => {
  try {
    return readFileSync(join(input.workspace, '.claude/skills/demo/SKILL.md'), 'utf8');
  } catch {
    return undefined;
  }
};

describe('runSuites: repeats, retries, benchmark variants, suite parallelism', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let outDir: string;
  let wsParent: string;
  let skillDir: string;
  let oldSkillDir: string;
  const env = { PATH: process.env.PATH };

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    outDir = join(dir, 'out');
    wsParent = join(dir, 'tmp');
    skillDir = join(dir, 'skill');
    oldSkillDir = join(dir, 'old-skill');
    await mkdir(wsParent);
    await writeTree(skillDir, { 'SKILL.md': '---\nname: demo\n---\nversion two' });
    await writeTree(oldSkillDir, { 'SKILL.md': '---\nname: demo-old\n---\nversion one' });
  });
  afterEach(() => cleanup());

  const lines = (): CaseResult[] =>
    readFileSync(join(outDir, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => CaseResultSchema.parse(JSON.parse(line)));
  const base = () => ({ outDir, env, tempDir: wsParent, graceSeconds: 0.2 });
  const skills = () => [{ name: 'demo', dir: skillDir }];

  it('retries a timeout or an error from a fresh workspace, never a plain failure; only the last attempt is kept', async () => {
    const attempts = new Map<string, number>();
    const workspaces: string[] = [];
    const { engine } = fakeEngine(async (input) => {
      const turn = input.turns[0]!;
      const n = (attempts.get(turn) ?? 0) + 1;
      attempts.set(turn, n);
      workspaces.push(input.workspace);
      // A fresh workspace each attempt: what an earlier attempt wrote is gone.
      if (existsSync(join(input.workspace, 'mark.txt'))) return completed('dirty workspace');
      await writeTree(input.workspace, { 'mark.txt': turn });
      if (turn === 'flaky-error' && n === 1) throw new Error('connection reset');
      if (turn === 'flaky-timeout' && n === 1) {
        await sleep(2_000, input.signal);
        return { ...completed(''), status: 'timeout' };
      }
      if (turn === 'always-error') throw new Error('still broken');
      if (turn === 'fails') return completed('not what was asked');
      return completed('done');
    });
    const suite = makeSuite('s.json', [
      makeCase({ id: 'flaky-error', turns: ['flaky-error'], checks: done, retry: { max: 2, on: ['error'] } }),
      makeCase({
        id: 'flaky-timeout',
        turns: ['flaky-timeout'],
        checks: done,
        limits: { timeoutSeconds: 0.2 },
        retry: { max: 1, on: ['timeout'] },
      }),
      makeCase({ id: 'always-error', turns: ['always-error'], checks: done, retry: { max: 2, on: ['error'] } }),
      makeCase({ id: 'fails', turns: ['fails'], checks: done, retry: { max: 3, on: ['timeout', 'error'] } }),
      // Its policy retries timeouts only, so an error stays.
      makeCase({ id: 'error-not-on', turns: ['always-error'], checks: done, retry: { max: 3, on: ['timeout'] } }),
    ]);
    const { results } = await runSuites({ ...base(), suites: [suite], engines: [{ id: 'fake', engine }] });

    expect(lines()).toHaveLength(5);
    const by = (id: string) => results.find((r) => r.caseId === id)!;
    expect(by('flaky-error')).toMatchObject({ status: 'passed', attempts: 2 });
    expect(by('flaky-timeout')).toMatchObject({ status: 'passed', attempts: 2 });
    expect(by('always-error')).toMatchObject({ status: 'error', attempts: 3, error: { code: 'ENGINE_FAILED' } });
    expect(by('fails').status).toBe('failed');
    expect(by('fails').attempts).toBeUndefined();
    expect(by('error-not-on').attempts).toBeUndefined();
    expect(attempts.get('fails')).toBe(1);
    expect(attempts.get('always-error')).toBe(3 + 1);
    expect(new Set(workspaces).size).toBe(workspaces.length);
    expect(await readdir(wsParent)).toEqual([]);
  }, 20_000);

  it('counts the tokens and cost of every attempt of a retried execution, not only the last one', async () => {
    let calls = 0;
    const { engine } = fakeEngine(async () => {
      calls++;
      const spent = { usage: { inputTokens: 100 * calls, outputTokens: 10 }, costUsd: 0.25 };
      if (calls < 3)
        return { ...completed(''), ...spent, status: 'error', error: { code: 'ENGINE_FAILED', message: 'x' } };
      return { ...completed('done'), ...spent };
    });
    const suite = makeSuite('s.json', [makeCase({ id: 'c', checks: done })]);
    const { results, summary } = await runSuites({
      ...base(),
      suites: [suite],
      engines: [{ id: 'fake', engine }],
      retries: 2,
    });
    expect(results[0]).toMatchObject({ status: 'passed', attempts: 3, session: { usage: { inputTokens: 300 } } });
    expect(results[0]!.earlierAttempts).toMatchObject({ usage: { inputTokens: 300, outputTokens: 20 }, costUsd: 0.5 });
    expect(summary.totals.usage).toMatchObject({ inputTokens: 600, outputTokens: 30 });
    expect(summary.totals.costUsd).toBeCloseTo(0.75);
    expect(summary.groups[0]!.usage.inputTokens).toBe(600);
    expect(lines()[0]!.earlierAttempts?.costUsd).toBe(0.5);
  });

  it('--retries overrides the cases’ own policy, on timeout and error', async () => {
    let calls = 0;
    const { engine } = fakeEngine(async () => {
      calls++;
      if (calls < 3) throw new Error('flaky endpoint');
      return completed('done');
    });
    const suite = makeSuite('s.json', [makeCase({ id: 'c', checks: done, retry: { max: 0, on: ['error'] } })]);
    const { results } = await runSuites({ ...base(), suites: [suite], engines: [{ id: 'fake', engine }], retries: 2 });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ status: 'passed', attempts: 3 });
  });

  it('an interrupt is never retried', async () => {
    const controller = new AbortController();
    let calls = 0;
    const { engine } = fakeEngine(async (input) => {
      calls++;
      setTimeout(() => controller.abort(), 10);
      await sleep(5_000, input.signal);
      return { ...completed(''), status: 'error', error: { code: 'INTERRUPTED', message: 'aborted' } };
    });
    const suite = makeSuite('s.json', [makeCase({ id: 'c', checks: done, retry: { max: 5, on: ['error'] } })]);
    const { results } = await runSuites({
      ...base(),
      suites: [suite],
      engines: [{ id: 'fake', engine }],
      signal: controller.signal,
    });
    expect(calls).toBe(1);
    expect(results[0]).toMatchObject({ status: 'error', error: { code: 'INTERRUPTED' } });
    expect(results[0]!.attempts).toBeUndefined();
  });

  it('a program that is not installed is never retried: another attempt would not find it either', async () => {
    let calls = 0;
    const { engine } = fakeEngine(async () => {
      calls++;
      return { ...completed(''), status: 'error', error: { code: 'ENGINE_NOT_FOUND', message: 'no such program' } };
    });
    const suite = makeSuite('s.json', [makeCase({ id: 'c', checks: done })]);
    const { results } = await runSuites({ ...base(), suites: [suite], engines: [{ id: 'fake', engine }], retries: 3 });
    expect(calls).toBe(1);
    expect(results[0]).toMatchObject({ status: 'error', error: { code: 'ENGINE_NOT_FOUND' } });
    expect(results[0]!.attempts).toBeUndefined();
  });

  it('--runs overrides every case’s own runs, and the summary carries the repeat statistics', async () => {
    let n = 0;
    const { engine } = fakeEngine(async () => completed(++n % 2 === 0 ? 'nope' : 'done'));
    const suite = makeSuite('s.json', [makeCase({ id: 'c', checks: done, runs: 7 })]);
    const { summary, results } = await runSuites({
      ...base(),
      suites: [suite],
      engines: [{ id: 'fake', engine }],
      runs: 4,
      concurrency: 1,
    });
    expect(results.map((r) => r.run)).toEqual([1, 2, 3, 4]);
    expect(summary.cases[0]).toMatchObject({
      runs: 4,
      passed: 2,
      failed: 2,
      k: 4,
      passAtK: 1,
      passHatK: 0,
      flaky: true,
      tokens: { mean: 15, stddev: 0 },
    });
    expect(summary.cases[0]!.score).toEqual({ mean: 0.5, stddev: Math.sqrt(1 / 3) });
  });

  it('a suite asking for a benchmark runs with and without the skill; the summary has the deltas', async () => {
    const { engine } = fakeEngine(async (input) => {
      const skill = staged(input);
      return {
        ...completed(skill ? 'done' : 'no idea'),
        usage: { inputTokens: skill ? 300 : 100, outputTokens: 0 },
      };
    });
    const benchmarked = SuiteSchema.parse({
      ...makeSuite('bench.yaml', [makeCase({ id: 'b', checks: done, skills: skills() })]),
      settings: { benchmark: { enabled: true } },
    });
    const plain = makeSuite('plain.json', [makeCase({ id: 'p', checks: done, skills: skills() })]);
    const { summary, results } = await runSuites({
      ...base(),
      suites: [benchmarked, plain],
      engines: [{ id: 'fake', engine }],
    });
    expect(results.map((r) => [r.caseId, r.variant, r.status])).toEqual([
      ['b', 'with_skill', 'passed'],
      ['b', 'without_skill', 'failed'],
      ['p', 'with_skill', 'passed'],
    ]);
    const bench = summary.benchmark!;
    expect(bench.against).toBe('without_skill');
    // The plain suite ran one way only, so it is neither a row nor part of the overall comparison.
    expect(bench.cases.map((c) => c.caseId)).toEqual(['b']);
    expect(bench.cases[0]!.delta).toMatchObject({ passRate: 1, tokens: 200 });
    expect(bench.overall.withSkill).toMatchObject({
      variant: 'with_skill',
      executions: 1,
      passRate: 1,
      meanTokens: 300,
    });
    expect(bench.overall.other).toMatchObject({ variant: 'without_skill', passRate: 0, meanTokens: 100 });
  });

  it('the baseline variant stages the older skill under the skill under test’s name', async () => {
    const seen: [string, string | undefined][] = [];
    const { engine } = fakeEngine(async (input) => {
      seen.push([input.skills.map((s) => s.name).join(), staged(input)]);
      return completed(staged(input)?.includes('version two') ? 'done' : 'old answer');
    });
    const suite = makeSuite('s.json', [makeCase({ id: 'c', checks: done, skills: skills() })]);
    const { summary, results } = await runSuites({
      ...base(),
      suites: [suite],
      engines: [{ id: 'fake', engine }],
      variants: ['with_skill', 'baseline'],
      baselineSkill: { name: 'demo-old', dir: oldSkillDir },
      concurrency: 1,
    });
    expect(seen.map(([name, text]) => [name, text?.split('\n').at(-1)])).toEqual([
      ['demo', 'version two'],
      ['demo', 'version one'],
    ]);
    expect(results.map((r) => [r.variant, r.status])).toEqual([
      ['with_skill', 'passed'],
      ['baseline', 'failed'],
    ]);
    expect(summary.benchmark).toMatchObject({ against: 'baseline', baselineSkill: oldSkillDir });
    expect(summary.benchmark!.overall.delta.passRate).toBe(1);
  });

  it('a suite with parallelism 1 never has two executions at once, while the run’s concurrency serves others', async () => {
    const spans: { suite: string; start: number; end: number }[] = [];
    const { engine } = fakeEngine(async (input) => {
      const start = performance.now();
      await sleep(30);
      spans.push({ suite: input.turns[0]!, start, end: performance.now() });
      return completed('done');
    });
    const cases = (suite: string) =>
      [1, 2, 3, 4].map((n) => makeCase({ id: `${suite}${n}`, turns: [suite], checks: done }));
    const serial: Suite = SuiteSchema.parse({
      ...makeSuite('serial.yaml', cases('serial')),
      settings: { parallelism: 1 },
    });
    const free = makeSuite('free.json', cases('free'));
    await runSuites({ ...base(), suites: [serial, free], engines: [{ id: 'fake', engine }], concurrency: 4 });

    // The most executions running at one moment: the most spans holding some span's start.
    const overlaps = (suite: string | undefined) => {
      const mine = spans.filter((s) => suite === undefined || s.suite === suite);
      let most = 0;
      for (const s of mine) most = Math.max(most, mine.filter((o) => o.start <= s.start && s.start < o.end).length);
      return most;
    };
    expect(spans).toHaveLength(8);
    expect(overlaps('serial')).toBe(1);
    // The other suite is not held back by it.
    expect(overlaps('free')).toBeGreaterThan(1);
    expect(overlaps(undefined)).toBeLessThanOrEqual(4);
  });
});
