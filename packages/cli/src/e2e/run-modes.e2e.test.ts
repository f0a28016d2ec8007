import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { greeterCaseYaml, greeterEvalYaml, PIRATE_SKILL } from '../test-support/greeter-suite.js';
import { readResults, readSummary } from '../test-support/run-output.js';
import { writeFiles } from '../test-support/write-files.js';

const POLITE = '---\nname: greeter\ndescription: Greets politely.\n---\nOpen with "Good day".\n';
const LISTING = 'available for use with the Skill tool';
const usage = (input: number, output: number) => ({ input_tokens: input, output_tokens: output });

describe('skill-eval run: benchmark, baseline and retries (anthropic engine, fake model server)', () => {
  let server: FakeModelServer | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    server = undefined;
    dir = undefined;
  });

  async function run(files: Record<string, string>, script: FakeScript, args: string[]) {
    server = await startFakeModelServer(script);
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-modes-'));
    writeFiles(dir, files);
    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-anthropic',
    });
    const code = await main(['run', 'greeter', '--engine', 'anthropic', '--out', 'out', ...args], io);
    // results.jsonl is in order of completion: put it in plan order (with_skill first, then by run).
    const rank = (r: CaseResult) => [r.caseId, r.variant === 'with_skill' ? 0 : 1, r.run].join(' ');
    const results = readResults(join(dir, 'out')).sort((a, b) => rank(a).localeCompare(rank(b)));
    const summary = readSummary(join(dir, 'out'));
    return { code, results, summary, stdout: io.out(), stderr: io.err() };
  }

  it.each([
    ['benchmark.enabled in eval.yaml', 'benchmark:\n  enabled: true\n', []],
    ['--benchmark', '', ['--benchmark']],
  ])(
    '%s runs with and without the skill; summary.json has the deltas',
    async (_, extra, args) => {
      const { code, results, summary, stdout, stderr } = await run(
        {
          'greeter/SKILL.md': PIRATE_SKILL,
          'greeter/evals/eval.yaml': greeterEvalYaml(['ahoy'], extra),
          'greeter/evals/cases/ahoy.yaml': greeterCaseYaml('ahoy', 'Greet the crew'),
        },
        {
          conversations: [
            {
              id: 'with-skill',
              match: { system: LISTING },
              responses: [
                { toolCalls: [{ name: 'Skill', input: { skill: 'greeter' } }], usage: usage(100, 10) },
                { text: 'Ahoy, crew!', usage: usage(200, 20) },
              ],
            },
            {
              id: 'without-skill',
              match: { user: 'Greet the crew' },
              responses: [{ text: 'Hello.', usage: usage(50, 5) }],
            },
          ],
        },
        args,
      );
      expect(stderr).not.toContain('benchmark.enabled');
      expect(code).toBe(1); // the without_skill run fails, as it should
      expect(results.map((r) => [r.variant, r.status])).toEqual([
        ['with_skill', 'passed'],
        ['without_skill', 'failed'],
      ]);
      expect(results.find((r) => r.variant === 'with_skill')!.session?.skillsInvoked.map((s) => s.name)).toEqual([
        'greeter',
      ]);
      const bench = summary.benchmark!;
      expect(bench.against).toBe('without_skill');
      expect(bench.cases).toHaveLength(1);
      expect(bench.cases[0]).toMatchObject({ caseId: 'ahoy', engine: 'anthropic' });
      for (const comparison of [bench.cases[0]!, bench.overall]) {
        expect(comparison.withSkill).toMatchObject({
          variant: 'with_skill',
          executions: 1,
          passRate: 1,
          meanTokens: 330,
        });
        expect(comparison.other).toMatchObject({
          variant: 'without_skill',
          executions: 1,
          passRate: 0,
          meanTokens: 55,
        });
        expect(comparison.delta.passRate).toBe(1);
        expect(comparison.delta.tokens).toBe(275);
        expect(comparison.delta.durationMs).toBeCloseTo(
          comparison.withSkill.meanDurationMs - comparison.other.meanDurationMs,
          6,
        );
        // What each side spent, from the engine's sessions: the skill's side called the Skill tool, the other none.
        expect(comparison.withSkill.measured).toBe(1);
        expect(comparison.withSkill.meanToolCalls).toBeGreaterThan(0);
        expect(comparison.other.meanToolCalls).toBe(0);
        expect(comparison.delta.toolCalls).toBe(comparison.withSkill.meanToolCalls);
        expect(comparison.delta.turns).toBe(comparison.withSkill.meanTurns! - comparison.other.meanTurns!);
        expect(comparison.delta.spread).toMatchObject({ tokens: 0, turns: 0 });
      }
      expect(stdout).toContain('Benchmark: with_skill vs without_skill');
      expect(stdout).toMatch(/Overall — pass 100% vs 0% \(\+100%\) · time .* · tokens 330 vs 55 \(\+275\)/);
      expect(stdout).toMatch(/Overall — .* · turns .* · tool calls .* → higher pass rate, 500% more tokens, /);
    },
    60_000,
  );

  it('--baseline stages the older skill under the same name and compares against it', async () => {
    const { results, summary } = await run(
      {
        'greeter/SKILL.md': PIRATE_SKILL,
        'greeter/evals/eval.yaml': greeterEvalYaml(['ahoy']),
        'greeter/evals/cases/ahoy.yaml': greeterCaseYaml('ahoy', 'Greet the crew'),
        'old-greeter/SKILL.md': POLITE,
      },
      {
        conversations: [
          {
            id: 'new',
            match: { system: 'Greets like a pirate' },
            responses: [{ toolCalls: [{ name: 'Skill', input: { skill: 'greeter' } }] }, { text: 'Ahoy, crew!' }],
          },
          {
            id: 'old',
            match: { system: 'Greets politely' },
            responses: [{ toolCalls: [{ name: 'Skill', input: { skill: 'greeter' } }] }, { text: 'Good day, crew.' }],
          },
        ],
      },
      ['--baseline', 'old-greeter'],
    );
    expect(results.map((r) => [r.variant, r.status])).toEqual([
      ['with_skill', 'passed'],
      ['baseline', 'failed'],
    ]);
    // The baseline run loaded a skill by the same name: only its content differs.
    expect(results.find((r) => r.variant === 'baseline')!.session?.skillsInvoked.map((s) => s.name)).toEqual([
      'greeter',
    ]);
    expect(summary.benchmark).toMatchObject({
      against: 'baseline',
      baselineSkill: join(dir!, 'old-greeter'),
      overall: { delta: { passRate: 1 } },
    });
  }, 60_000);

  it('--benchmark with --baseline runs three arms: the skill, its older version and no skill, compared both ways', async () => {
    const { code, results, summary, stdout } = await run(
      {
        'greeter/SKILL.md': PIRATE_SKILL,
        'greeter/evals/eval.yaml': greeterEvalYaml(['ahoy']),
        'greeter/evals/cases/ahoy.yaml': greeterCaseYaml('ahoy', 'Greet the crew'),
        'old-greeter/SKILL.md': POLITE,
      },
      {
        conversations: [
          { id: 'new', match: { system: 'Greets like a pirate' }, responses: [{ text: 'Ahoy, crew!' }] },
          { id: 'old', match: { system: 'Greets politely' }, responses: [{ text: 'Good day, crew.' }] },
        ],
        // No skill listed: no listing to match.
        fallback: { text: 'Hello, crew.' },
      },
      ['--benchmark', '--baseline', 'old-greeter'],
    );
    expect(code).toBe(1);
    expect(Object.fromEntries(results.map((r) => [r.variant, r.status]))).toEqual({
      with_skill: 'passed',
      baseline: 'failed',
      without_skill: 'failed',
    });
    expect(summary.benchmark).toMatchObject({ against: 'baseline', overall: { delta: { passRate: 1 } } });
    expect(summary.otherBenchmarks).toEqual([
      expect.objectContaining({
        against: 'without_skill',
        overall: expect.objectContaining({ delta: expect.objectContaining({ passRate: 1 }) }),
      }),
    ]);
    expect(stdout).toContain('Benchmark: with_skill vs baseline');
    expect(stdout).toContain('Benchmark: with_skill vs without_skill');
  }, 60_000);

  it('retry_policy re-runs an errored execution (500, then a pass) and never a failed one', async () => {
    const { results, summary } = await run(
      {
        'greeter/SKILL.md': PIRATE_SKILL,
        'greeter/evals/eval.yaml': greeterEvalYaml(
          ['flaky', 'wrong'],
          '  retry_policy:\n    max_retries: 2\n    retry_on: [error]\n',
        ),
        'greeter/evals/cases/flaky.yaml': greeterCaseYaml('flaky', 'Greet the flaky crew'),
        'greeter/evals/cases/wrong.yaml': greeterCaseYaml('wrong', 'Greet the wrong crew'),
      },
      {
        conversations: [
          {
            id: 'flaky',
            match: { user: 'flaky crew' },
            cycle: [[{ error: { status: 500, message: 'overloaded' } }], [{ text: 'Ahoy!' }]],
          },
          { id: 'wrong', match: { user: 'wrong crew' }, responses: [{ text: 'Hello.' }] },
        ],
      },
      [],
    );
    expect(results).toHaveLength(2);
    expect(results.find((r) => r.caseId === 'flaky')).toMatchObject({ status: 'passed', attempts: 2 });
    const wrong = results.find((r) => r.caseId === 'wrong')!;
    expect(wrong.status).toBe('failed');
    expect(wrong.attempts).toBeUndefined();
    expect(server!.requests.filter((r) => r.conversation === 'wrong')).toHaveLength(1);
    expect(server!.requests.filter((r) => r.conversation === 'flaky')).toHaveLength(2);
    expect(summary.totals).toMatchObject({ executions: 2, passed: 1, failed: 1, errors: 0 });
  }, 60_000);

  it('a case’s own timeout and max_turns (skill-up constraints) reach the engine', async () => {
    const { results } = await run(
      {
        'greeter/SKILL.md': PIRATE_SKILL,
        'greeter/evals/eval.yaml': greeterEvalYaml(['hangs', 'loops']),
        'greeter/evals/cases/hangs.yaml': `${greeterCaseYaml('hangs', 'Greet the hanging crew')}constraints:\n  timeout_seconds: 1\n`,
        'greeter/evals/cases/loops.yaml': `${greeterCaseYaml('loops', 'Greet the looping crew')}constraints:\n  max_turns: 2\n`,
      },
      {
        conversations: [
          { id: 'hangs', match: { user: 'hanging crew' }, responses: [{ hang: true }] },
          {
            id: 'loops',
            match: { user: 'looping crew' },
            responses: [{ toolCalls: [{ name: 'Skill', input: { skill: 'greeter' } }] }],
            whenExhausted: 'repeat-last',
          },
        ],
      },
      [],
    );
    expect(results.find((r) => r.caseId === 'hangs')).toMatchObject({ status: 'error', error: { code: 'TIMEOUT' } });
    expect(results.find((r) => r.caseId === 'loops')).toMatchObject({ status: 'error', error: { code: 'MAX_TURNS' } });
    expect(server!.requests.filter((r) => r.conversation === 'loops')).toHaveLength(2);
  }, 60_000);

  it('--retries retries a timeout (a hung model) and --runs repeats with statistics', async () => {
    const { results, summary, stdout } = await run(
      {
        'greeter/SKILL.md': PIRATE_SKILL,
        'greeter/evals/eval.yaml': greeterEvalYaml(['slow']),
        'greeter/evals/cases/slow.yaml': greeterCaseYaml('slow', 'Greet the sleepy crew'),
      },
      {
        conversations: [
          {
            id: 'slow',
            match: { user: 'sleepy crew' },
            // Run 1 hangs then passes on its retry; run 2 answers wrongly (failed, not retried).
            cycle: [[{ hang: true }], [{ text: 'Ahoy!' }], [{ text: 'Hello.' }]],
          },
        ],
      },
      ['--retries', '1', '--timeout', '1', '--runs', '2', '-j', '1'],
    );
    expect(results.map((r) => [r.run, r.status, r.attempts])).toEqual([
      [1, 'passed', 2],
      [2, 'failed', undefined],
    ]);
    expect(summary.cases[0]).toMatchObject({ runs: 2, k: 2, passAtK: 1, passHatK: 0, flaky: true });
    expect(stdout).toContain('FLAKY');
    expect(stdout).toMatch(/pass@2 1 · pass\^2 0 · score 0\.50 ± 0\.71/);
  }, 60_000);
});
