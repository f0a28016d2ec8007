import type { Check } from '@skill-eval/core';
import { agentvFailureVerdicts } from '../agentv-failures.js';
import { scoreVerdicts } from '../scoring.js';
import type { GradedCheck } from './check-evaluator.js';
import { type CheckRole, erroredVerdict, makeVerdict } from './verdict.js';

/**
 * The verdict of a group (promptfoo/AgentV `assert-set`) from its children's: the weighted score of the
 * children, passing at the group's `threshold` (without one, every child must pass; a failed required child
 * fails the group), with `scoring: passed-share` the share of children that passed, with `scoring: weighted-mean`
 * AgentV's weighted average. A child that errored makes
 * the group errored — except a member of an AgentV composite whose code could not grade, scored as AgentV scores it.
 * The children's verdicts are kept under it.
 */
export function groupVerdict(check: Check, role: CheckRole, children: readonly GradedCheck[]): GradedCheck {
  // An AgentV composite (its aggregators) scores a member whose code could not grade as AgentV does: its code grader
  // catches the failure and scores 0 (CodeGrader.evaluate, @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:835-855), which
  // the aggregator then counts (runWeightedAverage, :2301-2356); the same at 5.x (58f316ca2
  // graders/script-grader.ts:412-420, graders/composite.ts:69-80). The member is still shown errored.
  // A member whose judge failed, AgentV's LLM grader skips, and its aggregators leave it out (:2321-2323, 2374-2376;
  // 5.x composite.ts:132, 195); a composite all of whose members are skipped is skipped: an error here.
  const agentv = check.scoring === 'weighted-mean' || check.scoring === 'passed-share';
  const failures = children.map((child) => (agentv ? agentvFailureVerdicts(child) : undefined));
  const skipped = children.map((child, i) => agentv && !failures[i] && child.error?.code === 'JUDGE_FAILED');
  const shown = children.map((child, i) => failures[i]?.shown ?? child.verdict);
  const verdicts = children.flatMap((child, i) => (skipped[i] ? [] : [failures[i]?.scored ?? child.verdict]));
  const errored =
    children.find((child, i) => child.error && !failures[i] && !skipped[i]) ??
    (verdicts.length === 0 ? children.find((child) => child.error) : undefined);
  if (errored?.error) {
    const graded = erroredVerdict(check, role, errored.error);
    return { ...graded, verdict: { ...graded.verdict, checks: shown } };
  }
  const threshold = typeof check.threshold === 'number' ? check.threshold : undefined;
  const held = verdicts.filter((v) => v.passed).length;
  const { status, score } =
    check.scoring === 'passed-share'
      ? passedShare(held, verdicts.length, threshold)
      : check.scoring === 'weighted-mean'
        ? weightedMean(verdicts, threshold)
        : scoreVerdicts(verdicts, threshold);
  const rule = threshold === undefined ? 'all must pass' : `threshold ${round(threshold)}`;
  const graded = makeVerdict(check, role, {
    passed: status === 'passed',
    score,
    evidence: `${held} of ${verdicts.length} passed (score ${round(score)}, ${rule})`,
  });
  return { ...graded, verdict: { ...graded.verdict, checks: shown } };
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * AgentV's weighted-average aggregator (`CompositeGrader.runWeightedAverage`, @agentv/core 4.42.4
 * dist/chunk-FRDEARJA.js:2301-2356): the members' weighted mean, 0 when no member weighs anything; a member's
 * `required` counts for nothing there.
 */
function weightedMean(verdicts: readonly GradedCheck['verdict'][], threshold = 0.8) {
  const total = verdicts.reduce((sum, v) => sum + v.weight, 0);
  const score = total > 0 ? verdicts.reduce((sum, v) => sum + v.weight * v.score, 0) / total : 0;
  return { status: score >= threshold - 1e-9 ? ('passed' as const) : ('failed' as const), score };
}

/** AgentV's threshold aggregator (`CompositeGrader.runThreshold`): the share of children that passed, against it. */
function passedShare(held: number, total: number, threshold = 1) {
  const score = total > 0 ? held / total : 0;
  return { status: score >= threshold - 1e-9 ? ('passed' as const) : ('failed' as const), score };
}
