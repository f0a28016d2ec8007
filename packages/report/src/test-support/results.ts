import {
  type CaseResult,
  CaseResultSchema,
  type PlannedExecution,
  type RunSummary,
  RunSummarySchema,
} from '@skill-eval/core';

/** A CaseResult built through core's schema, so tests break when the contract changes. */
export function caseResult(overrides: Record<string, unknown> = {}): CaseResult {
  return CaseResultSchema.parse({
    executionId: 'e1',
    suiteId: 'skills/pdf/evals.json',
    caseId: '1',
    caseName: 'extracts tables',
    kind: 'task',
    variant: 'with_skill',
    engine: 'claude-code',
    run: 1,
    status: 'passed',
    score: 1,
    checks: [{ type: 'contains', name: 'mentions total', passed: true, score: 1 }],
    session: {
      status: 'completed',
      engineId: 'claude-code',
      usage: { inputTokens: 1200, cacheReadTokens: 11_100, outputTokens: 850 },
      costUsd: 0.0123,
      durationMs: 1200,
    },
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 1234,
    ...overrides,
  });
}

let routedRuns = 0;
/**
 * One run of a routing query among pdf and csv (`chosen` undefined: it gave no answer), graded as its skill-routed
 * check grades it: passed when it went where it should.
 */
export function routedRun(
  caseId: string,
  caseName: string,
  expected: string | null,
  chosen: string | null | undefined,
  overrides: Record<string, unknown> = {},
): CaseResult {
  const right = chosen === expected;
  return caseResult({
    executionId: `routed-${++routedRuns}`,
    suiteId: 'skills/evals/routing.json',
    caseId,
    caseName,
    kind: 'trigger',
    status: right ? 'passed' : 'failed',
    score: right ? 1 : 0,
    checks: [{ type: 'skill-routed', name: 'skill-routed', passed: right, score: right ? 1 : 0 }],
    routing: { expected, ...(chosen === undefined ? {} : { chosen }), skills: ['pdf', 'csv'] },
    ...overrides,
  });
}

/** The PlannedExecution a result came from. */
export const planned = (result: CaseResult): PlannedExecution => ({
  executionId: result.executionId,
  suiteId: result.suiteId,
  caseId: result.caseId,
  caseName: result.caseName,
  engine: result.engine,
  variant: result.variant,
  run: result.run,
});

/** A RunSummary whose totals match `results`. */
export function runSummary(
  results: readonly CaseResult[],
  outDir: string,
  overrides: Record<string, unknown> = {},
): RunSummary {
  const count = (status: CaseResult['status']) => results.filter((r) => r.status === status).length;
  const sum = (pick: (r: CaseResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  return RunSummarySchema.parse({
    runId: 'run-1',
    outDir,
    startedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: '2025-01-01T00:02:03.000Z',
    durationMs: 123_000,
    totals: {
      executions: results.length,
      passed: count('passed'),
      failed: count('failed'),
      errors: count('error'),
      skipped: count('skipped'),
      usage: {
        inputTokens: sum((r) => r.session?.usage.inputTokens ?? 0),
        cacheReadTokens: sum((r) => r.session?.usage.cacheReadTokens ?? 0),
        outputTokens: sum((r) => r.session?.usage.outputTokens ?? 0),
      },
      costUsd: sum((r) => r.session?.costUsd ?? 0),
    },
    groups: [],
    ...overrides,
  });
}

/** One case's outcome over three runs on claude-code, two of them passed (a `RunSummary.cases` entry). */
export function caseOutcome(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    suiteId: 'skills/pdf/evals.json',
    caseId: 'c',
    caseName: 'writes',
    kind: 'task',
    engine: 'claude-code',
    variant: 'with_skill',
    runs: 3,
    passed: 2,
    failed: 1,
    errors: 0,
    skipped: 0,
    passRate: 2 / 3,
    meanScore: 2 / 3,
    status: 'failed',
    ...overrides,
  };
}
