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
    expect(a!.delta).toEqual({ passRate: 1, durationMs: 2000, tokens: 0 });
  });

  it('compares no time or tokens where one side has only cached executions', () => {
    const { benchmark } = summaryOf([cachedResult('a', 'with_skill'), result('a', 'without_skill')]);
    expect(benchmark!.cases[0]!.delta).toEqual({ passRate: 0 });
    expect(benchmark!.overall.delta).toEqual({ passRate: 0 });
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
