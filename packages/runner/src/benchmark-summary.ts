import {
  type BenchmarkComparison,
  type BenchmarkSide,
  type BenchmarkSpread,
  type BenchmarkSummary,
  type CaseResult,
  totalTokens,
} from '@skill-eval/core';
import type { CaseLookup } from './case-outcomes.js';

/** The variants a skill can be compared with, in order of preference when a run somehow holds both. */
/** The arms the skill is compared with; in a three-arm run (`--benchmark --baseline`), the older skill first. */
const OTHERS = ['baseline', 'without_skill'] as const;
const WITH = 'with_skill';

const mean = (values: readonly number[]): number =>
  values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;

/**
 * Sample standard deviation (n − 1; 0 for one value), min and max, as skill-creator's `calculate_stats`
 * (anthropics/skills@9d2f1ae, skills/skill-creator/scripts/aggregate_benchmark.py lines 45–64), left unrounded.
 */
function spreadOf(values: readonly number[]): BenchmarkSpread {
  if (values.length === 0) return { sd: 0, min: 0, max: 0 };
  const m = mean(values);
  const sd = values.length > 1 ? Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1)) : 0;
  return { sd, min: Math.min(...values), max: Math.max(...values) };
}

/** Whether the skill fired in a trigger execution; one without `triggered` counts by its verdict (as case-outcomes). */
const fired = (r: CaseResult, shouldTrigger: boolean): boolean =>
  r.triggered ?? (r.status === 'passed') === shouldTrigger;

/**
 * The measures of an arm's fresh (not cached, not skipped) executions: time of each; tokens, turns and tool calls of
 * each that returned a session; cost of each the engine priced.
 */
function samples(results: readonly CaseResult[]) {
  const fresh = results.filter((r) => r.status !== 'skipped' && !r.cached);
  const sessions = fresh.flatMap((r) => (r.session ? [r.session] : []));
  return {
    fresh: fresh.length,
    durationMs: fresh.map((r) => r.durationMs),
    tokens: sessions.map((s) => totalTokens(s.usage)),
    turns: sessions.map((s) => s.turns),
    toolCalls: sessions.map((s) => s.toolCalls.length),
    costUsd: sessions.flatMap((s) => (s.costUsd === undefined ? [] : [s.costUsd])),
  };
}
type Samples = ReturnType<typeof samples>;
type Measure = Exclude<keyof Samples, 'fresh'>;

/**
 * One arm: its pass rate over every graded execution (a cached verdict is as good as a fresh one), and its means and
 * spreads of time, tokens, turns, tool calls and cost over the fresh executions only — a cached one took about a
 * millisecond and spent nothing, which says nothing of the skill. Trigger executions also give the rate at which the
 * skill fired.
 */
function side(variant: string, results: readonly CaseResult[], shouldTrigger?: boolean): BenchmarkSide {
  const graded = results.filter((r) => r.status !== 'skipped');
  const fresh = graded.filter((r) => !r.cached);
  const completed = graded.filter((r) => r.status !== 'error');
  const m = samples(results);
  return {
    variant,
    executions: graded.length,
    passRate: graded.length ? graded.filter((r) => r.status === 'passed').length / graded.length : 0,
    meanDurationMs: mean(m.durationMs),
    meanTokens: mean(m.tokens),
    ...(graded.length > fresh.length ? { cached: graded.length - fresh.length } : {}),
    ...(shouldTrigger !== undefined && completed.length
      ? { triggerRate: completed.filter((r) => fired(r, shouldTrigger)).length / completed.length }
      : {}),
    measured: m.fresh,
    meanTurns: mean(m.turns),
    meanToolCalls: mean(m.toolCalls),
    ...(m.costUsd.length ? { meanCostUsd: mean(m.costUsd) } : {}),
    spread: {
      durationMs: spreadOf(m.durationMs),
      tokens: spreadOf(m.tokens),
      turns: spreadOf(m.turns),
      toolCalls: spreadOf(m.toolCalls),
      ...(m.costUsd.length ? { costUsd: spreadOf(m.costUsd) } : {}),
    },
  };
}

/** The standard error of the difference of two samples' means: √(sd²ₐ/nₐ + sd²ᵦ/nᵦ); 0 when each has one value. */
function standardError(a: readonly number[], b: readonly number[]): number {
  const part = (v: readonly number[]) => (v.length ? spreadOf(v).sd ** 2 / v.length : 0);
  return Math.sqrt(part(a) + part(b));
}

/** Turns, tool calls and cost deltas, and every mean delta's standard error; both arms have a fresh execution. */
function efficiencyDeltas(
  a: BenchmarkSide,
  b: BenchmarkSide,
  sa: Samples,
  sb: Samples,
): Partial<BenchmarkComparison['delta']> {
  const se = (key: Measure) => standardError(sa[key], sb[key]);
  const priced = a.meanCostUsd !== undefined && b.meanCostUsd !== undefined;
  return {
    turns: (a.meanTurns ?? 0) - (b.meanTurns ?? 0),
    toolCalls: (a.meanToolCalls ?? 0) - (b.meanToolCalls ?? 0),
    ...(priced ? { costUsd: a.meanCostUsd! - b.meanCostUsd! } : {}),
    spread: {
      durationMs: se('durationMs'),
      tokens: se('tokens'),
      turns: se('turns'),
      toolCalls: se('toolCalls'),
      ...(priced ? { costUsd: se('costUsd') } : {}),
    },
  };
}

/** Time and tokens compare only when both arms have a fresh execution to measure. */
const measured = (s: BenchmarkSide): boolean => s.executions > (s.cached ?? 0);

function compare(
  withSkill: readonly CaseResult[],
  other: readonly CaseResult[],
  against: string,
  shouldTrigger?: boolean,
): BenchmarkComparison {
  const a = side(WITH, withSkill, shouldTrigger);
  const b = side(against, other, shouldTrigger);
  const timed = measured(a) && measured(b);
  return {
    withSkill: a,
    other: b,
    delta: {
      passRate: a.passRate - b.passRate,
      ...(timed ? { durationMs: a.meanDurationMs - b.meanDurationMs, tokens: a.meanTokens - b.meanTokens } : {}),
      ...(timed ? efficiencyDeltas(a, b, samples(withSkill), samples(other)) : {}),
      ...(a.triggerRate !== undefined && b.triggerRate !== undefined
        ? { triggerRate: a.triggerRate - b.triggerRate }
        : {}),
    },
  };
}

interface Pair {
  first: CaseResult;
  shouldTrigger?: boolean;
  withSkill: CaseResult[];
  other: CaseResult[];
}

/** The results of each case × engine that ran both ways, with the skill and the variant it is compared against. */
function pairsOf(results: readonly CaseResult[], against: string, caseOf: CaseLookup | undefined): Pair[] {
  const pairs = new Map<string, Pair>();
  for (const result of results) {
    if (result.variant !== WITH && result.variant !== against) continue;
    const key = JSON.stringify([result.suiteId, result.caseId, result.engine]);
    let pair = pairs.get(key);
    if (!pair) {
      const trigger = result.kind === 'trigger';
      const shouldTrigger = trigger ? (caseOf?.(result.suiteId, result.caseId)?.shouldTrigger ?? true) : undefined;
      pair = { first: result, ...(shouldTrigger !== undefined ? { shouldTrigger } : {}), withSkill: [], other: [] };
      pairs.set(key, pair);
    }
    (result.variant === WITH ? pair.withSkill : pair.other).push(result);
  }
  return [...pairs.values()].filter((p) => p.withSkill.length > 0 && p.other.length > 0);
}

/** One comparison over several pairs' executions; undefined when there are none. */
function pooled(pairs: readonly Pair[], against: string, shouldTrigger?: boolean): BenchmarkComparison | undefined {
  if (pairs.length === 0) return undefined;
  const all = (arm: 'withSkill' | 'other') => pairs.flatMap((p) => p[arm]);
  return compare(all('withSkill'), all('other'), against, shouldTrigger);
}

/**
 * The skill's effect when the run holds `with_skill` results and `without_skill` (or `baseline`) results of the
 * same cases: per case × engine, and overall over the cases that ran both ways (a case run one way only says
 * nothing about the difference). Trigger cases are compared by how often the skill fired in each arm, as
 * skill-creator reads a trigger eval, and pooled apart (should trigger, should not) rather than into the overall pass
 * rate: without the skill there is nothing to fire. Undefined when no case ran both ways.
 */
export function benchmarkSummary(
  results: readonly CaseResult[],
  baselineSkill?: string,
  caseOf?: CaseLookup,
): BenchmarkSummary | undefined {
  return benchmarkSummaries(results, baselineSkill, caseOf)[0];
}

/**
 * One {@link benchmarkSummary} per arm the skill was compared with: against its baseline first, then against no
 * skill — a three-arm run (a pull request's skill, the base branch's, none) has both.
 */
export function benchmarkSummaries(
  results: readonly CaseResult[],
  baselineSkill?: string,
  caseOf?: CaseLookup,
): BenchmarkSummary[] {
  return OTHERS.filter((variant) => results.some((r) => r.variant === variant)).flatMap((against) => {
    const summary = summaryAgainst(results, against, baselineSkill, caseOf);
    return summary ? [summary] : [];
  });
}

function summaryAgainst(
  results: readonly CaseResult[],
  against: (typeof OTHERS)[number],
  baselineSkill?: string,
  caseOf?: CaseLookup,
): BenchmarkSummary | undefined {
  const both = pairsOf(results, against, caseOf);
  if (both.length === 0) return undefined;
  const tasks = both.filter((p) => p.shouldTrigger === undefined);
  const should = pooled(
    both.filter((p) => p.shouldTrigger === true),
    against,
    true,
  );
  const shouldNot = pooled(
    both.filter((p) => p.shouldTrigger === false),
    against,
    false,
  );
  return {
    against,
    ...(against === 'baseline' && baselineSkill ? { baselineSkill } : {}),
    cases: both.map(({ first, shouldTrigger, withSkill, other }) => ({
      suiteId: first.suiteId,
      caseId: first.caseId,
      caseName: first.caseName,
      engine: first.engine,
      ...(shouldTrigger !== undefined ? { shouldTrigger } : {}),
      ...compare(withSkill, other, against, shouldTrigger),
    })),
    // Over the task cases; over every case when all are trigger cases (the schema keeps `overall` required).
    overall: pooled(tasks.length ? tasks : both, against)!,
    ...(should || shouldNot
      ? {
          triggers: {
            ...(should ? { shouldTrigger: should } : {}),
            ...(shouldNot ? { shouldNotTrigger: shouldNot } : {}),
          },
        }
      : {}),
  };
}
