import type { Case, CaseOutcome, CaseResult } from '@skill-eval/core';
import { repeatStats } from './repeat-stats.js';

/** BMAD's and skill-creator's default: a should-trigger query passes at a trigger rate of 0.5 or more. */
export const DEFAULT_TRIGGER_THRESHOLD = 0.5;

/** Finds the case a result belongs to. */
export type CaseLookup = (suiteId: string, caseId: string) => Case | undefined;

/**
 * Each case's verdict over its runs, per engine and variant, in order of first result. A trigger case
 * passes on its trigger rate (BMAD, skill-creator): should trigger needs rate ≥ threshold, should not
 * needs rate < threshold. A task case passes when every graded run passed. Any errored run makes the
 * case `error`: a rate over fewer runs than asked would read as more certain than it is. Each outcome also
 * carries pass@k, pass^k, flakiness and mean ± stddev of score, time and tokens (repeat-stats.ts).
 */
export function caseOutcomes(results: readonly CaseResult[], caseOf: CaseLookup): CaseOutcome[] {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    const key = JSON.stringify([result.suiteId, result.caseId, result.engine, result.variant]);
    const group = groups.get(key);
    if (group) group.push(result);
    else groups.set(key, [result]);
  }
  return [...groups.values()].map((runs) => outcomeOf(runs, caseOf(runs[0]!.suiteId, runs[0]!.caseId)));
}

function outcomeOf(runs: readonly CaseResult[], testCase: Case | undefined): CaseOutcome {
  const first = runs[0]!;
  const count = (status: CaseResult['status']) => runs.filter((r) => r.status === status).length;
  const graded = runs.filter((r) => r.status !== 'skipped');
  const passed = count('passed');
  const errors = count('error');
  const outcome: CaseOutcome = {
    suiteId: first.suiteId,
    caseId: first.caseId,
    caseName: first.caseName,
    kind: first.kind,
    engine: first.engine,
    variant: first.variant,
    runs: runs.length,
    passed,
    failed: count('failed'),
    errors,
    skipped: count('skipped'),
    passRate: graded.length ? passed / graded.length : 0,
    meanScore: graded.length ? graded.reduce((sum, r) => sum + r.score, 0) / graded.length : 0,
    status: 'passed',
    ...repeatStats(runs),
  };
  const completed = graded.filter((r) => r.status !== 'error');
  const trigger = first.kind === 'trigger' ? triggerOf(completed, testCase) : undefined;
  if (trigger) outcome.trigger = trigger;
  if (errors > 0) outcome.status = 'error';
  else if (graded.length === 0) outcome.status = 'skipped';
  else if (trigger) {
    const fired = trigger.rate >= trigger.threshold;
    outcome.status = fired === trigger.shouldTrigger ? 'passed' : 'failed';
  } else outcome.status = passed === graded.length ? 'passed' : 'failed';
  return outcome;
}

function triggerOf(completed: readonly CaseResult[], testCase: Case | undefined): CaseOutcome['trigger'] {
  const shouldTrigger = testCase?.shouldTrigger ?? true;
  // A run without `triggered` — graded before it existed, or whose agent gave no answer (failed) — counts by its
  // status: a passing run fired exactly when the skill should fire, a failed one went the wrong way.
  const fired = (r: CaseResult) => r.triggered ?? (r.status === 'passed') === shouldTrigger;
  // A routing run "fires" when it went where it should: its skill-routed check passed.
  const routed = (r: CaseResult) => r.routing?.chosen !== undefined && r.routing.chosen === r.routing.expected;
  const route = testCase?.expectedSkill ?? completed[0]?.routing?.expected;
  const triggers = completed.filter(route === undefined ? fired : routed).length;
  const rate = completed.length ? Math.round((triggers / completed.length) * 1000) / 1000 : 0;
  const threshold = testCase?.triggerThreshold ?? DEFAULT_TRIGGER_THRESHOLD;
  return { shouldTrigger, triggers, rate, threshold, ...(route === undefined ? {} : { route }) };
}
