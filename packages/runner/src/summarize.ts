import { addUsage, type CaseResult, emptyUsage, type RunSummary, routingSummaries, type Usage } from '@skill-eval/core';
import { benchmarkSummaries } from './benchmark-summary.js';
import { type CaseLookup, caseOutcomes } from './case-outcomes.js';

/** Run-level facts the results do not carry. */
export interface SummaryContext {
  runId: string;
  outDir: string;
  startedAt: Date;
  finishedAt: Date;
  /** Time the run spent running; default finishedAt − startedAt (a resumed run leaves out its pauses). */
  durationMs?: number;
  interrupted: boolean;
  /** The case each result belongs to, for trigger thresholds. */
  caseOf: CaseLookup;
  /** Directory of the baseline skill (`--baseline`), named in the benchmark block. */
  baselineSkill?: string;
}

interface Tally {
  executions: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
  usage: Usage;
  costUsd: number;
  durationMs: number;
}

const emptyTally = (): Tally => ({
  executions: 0,
  passed: 0,
  failed: 0,
  errors: 0,
  skipped: 0,
  usage: emptyUsage(),
  costUsd: 0,
  durationMs: 0,
});

function add(tally: Tally, result: CaseResult): void {
  tally.executions++;
  if (result.status === 'passed') tally.passed++;
  else if (result.status === 'failed') tally.failed++;
  else if (result.status === 'error') tally.errors++;
  else tally.skipped++;
  if (result.session) tally.usage = addUsage(tally.usage, result.session.usage);
  tally.costUsd += result.session?.costUsd ?? 0;
  // A retried execution spent its earlier attempts too.
  if (result.earlierAttempts) {
    tally.usage = addUsage(tally.usage, result.earlierAttempts.usage);
    tally.costUsd += result.earlierAttempts.costUsd;
  }
  tally.durationMs += result.durationMs;
}

/** Totals of the run, and the same per engine × variant (in order of first appearance). */
export function summarize(results: readonly CaseResult[], context: SummaryContext): RunSummary {
  const total = emptyTally();
  const groups = new Map<string, { engine: string; variant: string; tally: Tally }>();
  for (const result of results) {
    add(total, result);
    const key = JSON.stringify([result.engine, result.variant]);
    const group = groups.get(key) ?? { engine: result.engine, variant: result.variant, tally: emptyTally() };
    groups.set(key, group);
    add(group.tally, result);
  }
  const judge = judgeTotals(results);
  const cases = caseOutcomes(results, context.caseOf);
  const [benchmark, ...otherBenchmarks] = benchmarkSummaries(results, context.baselineSkill, context.caseOf);
  // The skill is not there to fire in a benchmark's without_skill arm: its trigger cases' rates are information (in
  // `cases` and `benchmark`), not verdicts that fail the run.
  const routing = routingSummaries(results);
  const judged = benchmark ? cases.filter((c) => !(c.kind === 'trigger' && c.variant === 'without_skill')) : cases;
  const caseCount = (status: CaseResult['status']) => judged.filter((c) => c.status === status).length;
  return {
    runId: context.runId,
    outDir: context.outDir,
    startedAt: context.startedAt.toISOString(),
    finishedAt: context.finishedAt.toISOString(),
    durationMs: context.durationMs ?? context.finishedAt.getTime() - context.startedAt.getTime(),
    interrupted: context.interrupted,
    totals: {
      executions: total.executions,
      passed: total.passed,
      failed: total.failed,
      errors: total.errors,
      skipped: total.skipped,
      usage: total.usage,
      costUsd: total.costUsd,
      ...(judge ? { judge } : {}),
    },
    caseTotals: {
      cases: judged.length,
      passed: caseCount('passed'),
      failed: caseCount('failed'),
      errors: caseCount('error'),
      skipped: caseCount('skipped'),
    },
    cases,
    ...(benchmark ? { benchmark } : {}),
    ...(otherBenchmarks.length ? { otherBenchmarks } : {}),
    ...(routing.length ? { routing } : {}),
    groups: [...groups.values()].map(({ engine, variant, tally }) => {
      const graded = tally.executions - tally.skipped;
      return {
        engine,
        variant,
        executions: tally.executions,
        passed: tally.passed,
        failed: tally.failed,
        errors: tally.errors,
        // Skipped executions say nothing about the engine, so they do not count against it.
        passRate: graded > 0 ? tally.passed / graded : 0,
        costUsd: tally.costUsd,
        durationMs: tally.durationMs,
        usage: tally.usage,
      };
    }),
  };
}

/** What the judge's calls used and cost over the run; undefined when no result was judged. */
function judgeTotals(results: readonly CaseResult[]): { usage: Usage; costUsd: number } | undefined {
  const judged = results.flatMap((r) => [
    ...(r.judge?.usage ? [r.judge] : []),
    ...(r.earlierAttempts?.judge ? [r.earlierAttempts.judge] : []),
  ]);
  if (judged.length === 0) return undefined;
  return {
    usage: judged.reduce((usage, j) => addUsage(usage, j.usage!), emptyUsage()),
    costUsd: judged.reduce((cost, j) => cost + (j.costUsd ?? 0), 0),
  };
}
