import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CaseResult, CaseResultSchema, type Reporter, RunSummarySchema } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSuites } from './run-suites.js';
import { completed, fakeEngine, sleep } from './test-support/fake-engine.js';
import { makeCase, makeSuite, tempDir, writeTree } from './test-support/fixtures.js';

const SECRET = 'sk-fake-0123456789abcdef';

const judge: Judge = {
  engine: 'fake-judge',
  model: 'judge-1',
  complete: async () => ({
    text: JSON.stringify({ criteria: [{ id: 1, passed: true, evidence: 'done', reasoning: 'it says done' }] }),
    model: 'judge-1',
    usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 },
  }),
};

describe('runSuites', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let outDir: string;
  let wsParent: string;
  let skillDir: string;
  const env = { PATH: process.env.PATH, ANTHROPIC_API_KEY: SECRET, RANDOM_VAR_XYZ: 'leak' };

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    outDir = join(dir, 'out');
    wsParent = join(dir, 'tmp');
    skillDir = join(dir, 'skill');
    await mkdir(wsParent);
    await writeTree(skillDir, { 'SKILL.md': '---\nname: demo\n---\nSay done.' });
  });
  afterEach(() => cleanup());

  const lines = (): CaseResult[] =>
    readFileSync(join(outDir, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => CaseResultSchema.parse(JSON.parse(line)));

  it('runs, grades and records every execution; failures are data', async () => {
    const skills = [{ name: 'demo', dir: skillDir }];
    const suite = makeSuite('demo/evals.json', [
      makeCase({ id: 'ok', turns: ['ok'], runs: 3, skills, checks: [{ type: 'contains', value: 'done' }] }),
      makeCase({ id: 'fail', turns: ['fail'], skills, checks: [{ type: 'contains', value: 'done' }] }),
      makeCase({ id: 'boom', turns: ['boom'], skills }),
      makeCase({ id: 'slow', turns: ['slow'], skills, limits: { timeoutSeconds: 0.1 } }),
      makeCase({
        id: 'rubric',
        turns: ['rubric'],
        skills,
        checks: [{ type: 'llm-rubric', value: 'The answer says done' }],
      }),
    ]);
    const { engine, stats } = fakeEngine(async (input) => {
      const turn = input.turns[0];
      await sleep(40);
      if (turn === 'boom') throw new Error('engine exploded');
      if (turn === 'slow') {
        await sleep(2_000); // ignores its signal: the runner's backstop must end it
        return completed('too late');
      }
      const staged = readFileSync(join(input.workspace, '.agents/skills/demo/SKILL.md'), 'utf8');
      const text = turn === 'fail' ? `nothing to report (${staged.length})` : `done, and the key is ${SECRET}`;
      // An engine's raw transcript is written as it came, secret and all.
      writeFileSync(join(input.artifactsDir, 'raw.jsonl'), `${JSON.stringify({ text })}\n`);
      return completed(text);
    });

    const seenOnResult: boolean[] = [];
    const recorder: Reporter = {
      onResult: (result) => {
        seenOnResult.push(readFileSync(join(outDir, 'results.jsonl'), 'utf8').includes(result.executionId));
      },
    };
    const broken: Reporter = {
      onExecutionStart: () => {
        throw new Error('reporter bug');
      },
    };
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);

    const { summary, results } = await runSuites({
      suites: [suite],
      engines: [{ id: 'fake', engine }],
      judge,
      outDir,
      concurrency: 2,
      env,
      tempDir: wsParent,
      graceSeconds: 0.2,
      reporters: [broken, recorder],
    });
    const reporterWarnings = stderr.mock.calls.filter(([text]) => String(text).includes('reporter bug'));
    stderr.mockRestore();

    // One line per execution, each written before the reporters heard of it.
    expect(lines()).toHaveLength(7);
    expect(seenOnResult).toEqual(Array(7).fill(true));
    expect(reporterWarnings).toHaveLength(1);

    const byCase = (id: string) => results.filter((r) => r.caseId === id);
    expect(byCase('ok').map((r) => [r.status, r.run])).toEqual([
      ['passed', 1],
      ['passed', 2],
      ['passed', 3],
    ]);
    expect(byCase('fail')[0]).toMatchObject({ status: 'failed', score: 0 });
    expect(byCase('boom')[0]).toMatchObject({ status: 'error', error: { code: 'ENGINE_FAILED' } });
    expect(byCase('boom')[0]!.error!.message).toContain('engine exploded');
    expect(byCase('slow')[0]).toMatchObject({ status: 'error', error: { code: 'TIMEOUT' } });
    expect(byCase('rubric')[0]).toMatchObject({ status: 'passed', judge: { engine: 'fake-judge' } });

    // The engine got an allowlisted env with its own credential, a fresh HOME, and the staged skill.
    expect(stats.inputs).toHaveLength(7);
    for (const input of stats.inputs) {
      expect(input.env.RANDOM_VAR_XYZ).toBeUndefined();
      expect(input.env.ANTHROPIC_API_KEY).toBe(SECRET);
      expect(input.env.HOME).toBe(input.home);
      expect(input.skills).toEqual([{ name: 'demo', dir: join(input.workspace, '.claude/skills/demo') }]);
    }
    // The engine gets what is left of the execution's time limit once its workspace is ready: never more.
    const slow = stats.inputs.find((i) => i.turns[0] === 'slow')!.timeoutMs;
    expect(slow).toBeLessThanOrEqual(100);
    expect(stats.maxInFlight).toBeLessThanOrEqual(2);
    expect(stats.maxInFlight).toBe(2);

    const onDisk = RunSummarySchema.parse(JSON.parse(await readFile(join(outDir, 'summary.json'), 'utf8')));
    expect(onDisk).toEqual(summary);
    expect(summary.interrupted).toBe(false);
    expect(summary.totals).toMatchObject({ executions: 7, passed: 4, failed: 1, errors: 2, skipped: 0 });
    expect(summary.totals.usage.inputTokens).toBe(50); // five sessions came back
    expect(summary.totals.costUsd).toBeCloseTo(0.05);
    expect(summary.groups).toEqual([
      expect.objectContaining({ engine: 'fake', variant: 'with_skill', executions: 7, passed: 4, passRate: 4 / 7 }),
    ]);

    // Transcripts exist for every returned session and no file in the run holds the secret.
    const ok = byCase('ok')[0]!;
    const transcript = await readFile(join(outDir, ok.transcriptFile!), 'utf8');
    expect(JSON.parse(transcript).events).toHaveLength(2);
    expect(transcript).toContain('[REDACTED]');
    expect(results.filter((r) => r.transcriptFile)).toHaveLength(5);
    const written = await readdir(outDir, { recursive: true, withFileTypes: true });
    const files = written.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    expect(files).toContain(join(outDir, 'artifacts', ok.executionId, 'raw.jsonl'));
    for (const file of files) expect(await readFile(file, 'utf8')).not.toContain(SECRET);
    expect(JSON.stringify(results)).not.toContain(SECRET);
    expect(await readdir(wsParent)).toEqual([]);
  }, 20_000);

  it('an interrupt aborts running engines, starts nothing new and keeps what finished', async () => {
    const controller = new AbortController();
    let calls = 0;
    const { engine } = fakeEngine(async (input) => {
      calls++;
      if (input.turns[0] === 'quick') return completed('done');
      if (calls === 3) setTimeout(() => controller.abort(), 20);
      await sleep(10_000, input.signal);
      return { ...completed(''), status: 'error', error: { code: 'INTERRUPTED', message: 'aborted' } };
    });
    const cases = [
      makeCase({ id: 'quick', turns: ['quick'], checks: [{ type: 'contains', value: 'done' }] }),
      ...[1, 2, 3, 4, 5].map((n) => makeCase({ id: `hang${n}`, turns: ['hang'] })),
    ];
    const ends: boolean[] = [];
    const { summary, results } = await runSuites({
      suites: [makeSuite('s.json', cases)],
      engines: [{ id: 'fake', engine }],
      outDir,
      concurrency: 2,
      env,
      tempDir: wsParent,
      signal: controller.signal,
      reporters: [{ onRunEnd: (s) => void ends.push(s.interrupted) }],
    });

    expect(summary.interrupted).toBe(true);
    expect(ends).toEqual([true]);
    expect(calls).toBe(3);
    expect(results.map((r) => [r.caseId, r.status, r.error?.code])).toEqual([
      ['quick', 'passed', undefined],
      ['hang1', 'error', 'INTERRUPTED'],
      ['hang2', 'error', 'INTERRUPTED'],
    ]);
    expect(lines()).toHaveLength(3);
    expect(summary.totals.executions).toBe(3);
    expect(await readdir(wsParent)).toEqual([]);
  }, 20_000);

  it('runs many executions at once on a caller’s signal without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const { engine } = fakeEngine(async () => {
      await sleep(20);
      return completed('done');
    });
    const cases = Array.from({ length: 32 }, (_, i) =>
      makeCase({ id: `c${i}`, checks: [{ type: 'contains', value: 'done' }] }),
    );
    const { summary } = await runSuites({
      suites: [makeSuite('s.json', cases)],
      engines: [{ id: 'fake', engine }],
      outDir,
      tempDir: wsParent,
      env,
      concurrency: 16,
      signal: new AbortController().signal,
    });
    // Node reports the warning on the next tick.
    await sleep(10);
    process.off('warning', onWarning);
    expect(summary.totals.passed).toBe(32);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('gives a case that asks for more time than a timer can wait the longest one can, not an instant timeout', async () => {
    const { engine, stats } = fakeEngine(async () => {
      await sleep(20);
      return completed('done');
    });
    const checks = [{ type: 'contains', value: 'done' }];
    const { summary } = await runSuites({
      suites: [makeSuite('s.json', [makeCase({ id: 'long', checks, limits: { timeoutSeconds: 1e9 } })])],
      engines: [{ id: 'fake', engine }],
      outDir,
      tempDir: wsParent,
      env,
      graceSeconds: 5,
    });
    expect(summary.totals.passed).toBe(1);
    expect(stats.inputs[0]!.timeoutMs).toBe(2 ** 31 - 1 - 5000);
  });
});
