import { type CaseResult, CaseSchema, emptyUsage } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { summarize } from './summarize.js';

let next = 0;
function result(caseId: string, variant: string, extra: Partial<CaseResult> = {}): CaseResult {
  const status = extra.status ?? 'passed';
  return {
    executionId: `e${next++}`,
    suiteId: 's',
    caseId,
    caseName: caseId,
    kind: 'task',
    variant,
    engine: 'claude-code',
    run: 1,
    status,
    score: status === 'passed' ? 1 : 0,
    checks: [],
    cached: false,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1000,
    session: {
      status: 'completed',
      engineId: 'claude-code',
      finalMessage: 'done',
      events: [],
      toolCalls: [],
      skillsInvoked: [],
      usage: { ...emptyUsage(), inputTokens: 700, outputTokens: 100 },
      durationMs: 1000,
      turns: 1,
      warnings: [],
    },
    ...extra,
  } as CaseResult;
}

const cachedResult = (caseId: string, variant: string, extra: Partial<CaseResult> = {}) =>
  result(caseId, variant, {
    cached: true,
    durationMs: 1,
    session: { ...result(caseId, variant).session!, usage: emptyUsage() },
    ...extra,
  });

const triggerCase = (id: string, shouldTrigger: boolean) =>
  CaseSchema.parse({
    id,
    name: id,
    kind: 'trigger',
    turns: ['q'],
    shouldTrigger,
    source: { file: 'triggers.json', format: 'triggers-json' },
  });

const summaryOf = (results: CaseResult[], cases: Record<string, ReturnType<typeof triggerCase>> = {}) =>
  summarize(results, {
    runId: 'r',
    outDir: '/runs/r',
    startedAt: new Date(0),
    finishedAt: new Date(1000),
    interrupted: false,
    caseOf: (_suite, caseId) => cases[caseId],
  });

describe('benchmark summary', () => {
  it('counts a cached execution in the pass rate but leaves it out of time and tokens', () => {
    const { benchmark } = summaryOf([
      result('a', 'with_skill', { durationMs: 3000 }),
      cachedResult('a', 'with_skill'),
      result('a', 'without_skill', { status: 'failed', durationMs: 1000 }),
    ]);
    const [a] = benchmark!.cases;
    expect(a!.withSkill).toMatchObject({
      executions: 2,
      passRate: 1,
      cached: 1,
      meanDurationMs: 3000,
      meanTokens: 800,
    });
    expect(a!.other).toMatchObject({ executions: 1, passRate: 0, meanDurationMs: 1000 });
    expect(a!.other.cached).toBeUndefined();
    expect(a!.delta).toMatchObject({ passRate: 1, durationMs: 2000, tokens: 0 });
  });

  it('gives each arm the mean and spread of time, tokens, turns, tool calls and cost over its fresh repeats, and each delta its standard error', () => {
    const spent = (durationMs: number, tokens: number, turns: number, calls: number, costUsd?: number) => {
      const base = result('x', 'x').session!;
      return {
        durationMs,
        session: {
          ...base,
          usage: { ...emptyUsage(), inputTokens: tokens },
          turns,
          toolCalls: Array.from({ length: calls }, (_, i) => ({
            id: `t${i}`,
            name: 'Bash',
            input: {},
            isError: false,
          })),
          ...(costUsd === undefined ? {} : { costUsd }),
        },
      };
    };
    const { benchmark } = summaryOf([
      result('a', 'with_skill', { run: 1, ...spent(1000, 1000, 2, 1, 0.01) }),
      result('a', 'with_skill', { run: 2, ...spent(2000, 1200, 3, 2, 0.02) }),
      result('a', 'with_skill', { run: 3, ...spent(3000, 1400, 4, 3, 0.03) }),
      // Reused: in the pass rate, out of every mean and spread (it would pull them towards nothing spent).
      cachedResult('a', 'with_skill', { run: 4 }),
      result('a', 'without_skill', { run: 1, ...spent(4000, 2000, 5, 4, 0.04) }),
      result('a', 'without_skill', { run: 2, ...spent(6000, 2400, 7, 6, 0.06) }),
    ]);
    const { withSkill, other, delta } = benchmark!.cases[0]!;
    expect(withSkill).toMatchObject({ executions: 4, cached: 1, measured: 3, meanDurationMs: 2000, meanTokens: 1200 });
    expect(withSkill.meanTurns).toBe(3);
    expect(withSkill.meanToolCalls).toBe(2);
    expect(withSkill.meanCostUsd).toBeCloseTo(0.02, 10);
    expect(withSkill.spread!.tokens).toEqual({ sd: 200, min: 1000, max: 1400 });
    expect(withSkill.spread!.turns).toEqual({ sd: 1, min: 2, max: 4 });
    expect(withSkill.spread!.durationMs).toEqual({ sd: 1000, min: 1000, max: 3000 });
    expect(withSkill.spread!.costUsd!.sd).toBeCloseTo(0.01, 10);
    expect(other).toMatchObject({ executions: 2, measured: 2, meanTokens: 2200, meanTurns: 6, meanToolCalls: 5 });
    expect(other.spread!.tokens.sd).toBeCloseTo(Math.SQRT2 * 200, 6);
    expect(delta).toMatchObject({ passRate: 0, durationMs: -3000, tokens: -1000, turns: -3, toolCalls: -3 });
    expect(delta.costUsd).toBeCloseTo(-0.03, 10);
    // √(200²/3 + (200√2)²/2), √(1²/3 + √2²/2), …
    expect(delta.spread!.tokens).toBeCloseTo(Math.sqrt(200 ** 2 / 3 + 80000 / 2), 6);
    expect(delta.spread!.turns).toBeCloseTo(Math.sqrt(1 / 3 + 1), 6);
    expect(delta.spread!.toolCalls).toBeCloseTo(Math.sqrt(1 / 3 + 1), 6);
    expect(delta.spread!.durationMs).toBeCloseTo(Math.sqrt(1e6 / 3 + 2e6 / 2), 6);
    expect(delta.spread!.costUsd).toBeCloseTo(Math.sqrt(0.0001 / 3 + 0.0002 / 2), 10);
    // Overall pools the one case: the same numbers.
    expect(benchmark!.overall.delta.tokens).toBe(-1000);
  });

  it('pools every case into the overall means, and gives no cost delta when one arm was never priced', () => {
    const priced = (tokens: number, turns: number, costUsd?: number) => ({
      session: {
        ...result('x', 'x').session!,
        usage: { ...emptyUsage(), outputTokens: tokens },
        turns,
        ...(costUsd === undefined ? {} : { costUsd }),
      },
    });
    const { benchmark } = summaryOf([
      result('a', 'with_skill', priced(100, 1, 0.5)),
      result('a', 'without_skill', priced(300, 3)),
      result('b', 'with_skill', priced(500, 5, 0.5)),
      result('b', 'without_skill', priced(700, 7)),
    ]);
    const { overall } = benchmark!;
    expect(overall.withSkill).toMatchObject({ measured: 2, meanTokens: 300, meanTurns: 3, meanCostUsd: 0.5 });
    expect(overall.other).toMatchObject({ measured: 2, meanTokens: 500, meanTurns: 5 });
    expect(overall.other.meanCostUsd).toBeUndefined();
    expect(overall.delta).toMatchObject({ tokens: -200, turns: -2, toolCalls: 0 });
    expect(overall.delta.costUsd).toBeUndefined();
    expect(overall.delta.spread!.costUsd).toBeUndefined();
    expect(overall.withSkill.spread!.tokens).toEqual({ sd: Math.sqrt(80000), min: 100, max: 500 });
  });

  it('compares no time or tokens where one side has only cached executions', () => {
    const { benchmark } = summaryOf([cachedResult('a', 'with_skill'), result('a', 'without_skill')]);
    expect(benchmark!.cases[0]!.delta).toEqual({ passRate: 0 });
    expect(benchmark!.overall.delta).toEqual({ passRate: 0 });
    // The side with no fresh execution says so, and has no efficiency means to compare.
    expect(benchmark!.cases[0]!.withSkill).toMatchObject({ executions: 1, cached: 1, measured: 0, meanTokens: 0 });
    expect(benchmark!.cases[0]!.other).toMatchObject({ measured: 1, meanTokens: 800, meanTurns: 1 });
  });

  it('scores trigger cases by how often the skill fired per arm, apart from the task cases, and fails no run for the arm without it', () => {
    const trig = { kind: 'trigger' as const };
    const results = [
      result('task', 'with_skill'),
      result('task', 'without_skill', { status: 'failed' }),
      result('fires', 'with_skill', { ...trig, triggered: true }),
      result('fires', 'with_skill', { ...trig, triggered: false, status: 'failed' }),
      result('fires', 'without_skill', { ...trig, triggered: false, status: 'failed' }),
      result('quiet', 'with_skill', { ...trig, triggered: false }),
      result('quiet', 'without_skill', { ...trig, triggered: false }),
    ];
    const summary = summaryOf(results, { fires: triggerCase('fires', true), quiet: triggerCase('quiet', false) });
    const bench = summary.benchmark!;
    const fires = bench.cases.find((c) => c.caseId === 'fires')!;
    expect(fires.shouldTrigger).toBe(true);
    expect(fires.withSkill.triggerRate).toBe(0.5);
    expect(fires.other.triggerRate).toBe(0);
    expect(fires.delta.triggerRate).toBe(0.5);
    // The overall pass rate is the task cases': the trigger cases would only say the skill was absent.
    expect(bench.overall.withSkill).toMatchObject({ executions: 1, passRate: 1 });
    expect(bench.overall.other).toMatchObject({ executions: 1, passRate: 0 });
    expect(bench.triggers?.shouldTrigger?.withSkill.triggerRate).toBe(0.5);
    expect(bench.triggers?.shouldNotTrigger?.other.triggerRate).toBe(0);
    // The without_skill trigger cases are information: the task failure alone decides the run.
    expect(summary.caseTotals).toEqual({ cases: 4, passed: 3, failed: 1, errors: 0, skipped: 0 });
    expect(summary.cases).toHaveLength(6);
  });

  it('keeps a trigger case without the skill in the case totals when the run is no benchmark', () => {
    const results = [result('fires', 'without_skill', { kind: 'trigger', triggered: false, status: 'failed' })];
    const summary = summaryOf(results, { fires: triggerCase('fires', true) });
    expect(summary.benchmark).toBeUndefined();
    expect(summary.caseTotals.failed).toBe(1);
  });
});
