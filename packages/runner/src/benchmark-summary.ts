import {
  type BenchmarkComparison,
  type BenchmarkSide,
  type BenchmarkSummary,
  type CaseResult,
  totalTokens,
} from '@skill-eval/core';
import type { CaseLookup } from './case-outcomes.js';

/** The variants a skill can be compared with, in order of preference when a run somehow holds both. */
const OTHERS = ['without_skill', 'baseline'] as const;
const WITH = 'with_skill';

const mean = (values: readonly number[]): number =>
  values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;

/** Whether the skill fired in a trigger execution; one without `triggered` counts by its verdict (as case-outcomes). */
const fired = (r: CaseResult, shouldTrigger: boolean): boolean =>
  r.triggered ?? (r.status === 'passed') === shouldTrigger;

/**
 * One arm: its pass rate over every graded execution (a cached verdict is as good as a fresh one), and its mean time
 * and tokens over the fresh executions only — a cached one took about a millisecond and spent nothing, which says
 * nothing of the skill. Trigger executions also give the rate at which the skill fired.
 */
function side(variant: string, results: readonly CaseResult[], shouldTrigger?: boolean): BenchmarkSide {
  const graded = results.filter((r) => r.status !== 'skipped');
  const fresh = graded.filter((r) => !r.cached);
  const completed = graded.filter((r) => r.status !== 'error');
  return {
    variant,
    executions: graded.length,
    passRate: graded.length ? graded.filter((r) => r.status === 'passed').length / graded.length : 0,
    meanDurationMs: mean(fresh.map((r) => r.durationMs)),
    meanTokens: mean(fresh.flatMap((r) => (r.session ? [totalTokens(r.session.usage)] : []))),
    ...(graded.length > fresh.length ? { cached: graded.length - fresh.length } : {}),
    ...(shouldTrigger !== undefined && completed.length
      ? { triggerRate: completed.filter((r) => fired(r, shouldTrigger)).length / completed.length }
      : {}),
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
  const against = OTHERS.find((variant) => results.some((r) => r.variant === variant));
  if (!against) return undefined;
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
