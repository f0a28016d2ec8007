import type { Check } from '@skill-eval/core';
import type { CheckOutcome, GradedCheck } from './check-evaluator.js';
import { checkName } from './check-name.js';

/** Where a check sits in the case: gates and fail-if checks decide pass/fail but carry no score weight. */
export type CheckRole = 'gate' | 'check' | 'fail-if';

/** Turns a raw outcome of a normalised check into a verdict: applies negation and the role. */
export function makeVerdict(written: Check, role: CheckRole, outcome: CheckOutcome): GradedCheck {
  const { negate: _negate, ...plain } = written;
  const check = outcome.failsNegated ? plain : written;
  const held = check.negate ? !outcome.passed : outcome.passed;
  const rawScore = outcome.score ?? (outcome.passed ? 1 : 0);
  const score = check.negate ? 1 - rawScore : rawScore;
  // A fail-if verdict passes when its condition does not hold.
  const passed = role === 'fail-if' ? !held : held;
  return {
    verdict: {
      ...base(check, role),
      passed,
      score: role === 'fail-if' ? (passed ? 1 : 0) : clamp(score),
      evidence: outcome.evidence,
    },
  };
}

/** A verdict for a check that could not be evaluated: never a pass. */
export function erroredVerdict(check: Check, role: CheckRole, error: { code: string; message: string }): GradedCheck {
  return { verdict: { ...base(check, role), passed: false, score: 0, evidence: error.message, errored: true }, error };
}

/**
 * A verdict for a check that ran and could not grade (its code threw, crashed or ran out of time): errored, as
 * {@link erroredVerdict}, and marked so that an AgentV case can score it as AgentV does. An interrupted check is not
 * the check's failure: that stays a plain error.
 */
export function failedToGradeVerdict(
  check: Check,
  role: CheckRole,
  error: { code: string; message: string },
): GradedCheck {
  const graded = erroredVerdict(check, role, error);
  return error.code === 'INTERRUPTED' ? graded : { ...graded, failedToGrade: { negated: check.negate === true } };
}

function base(check: Check, role: CheckRole) {
  const scored = role === 'check';
  return {
    type: check.type,
    name: role === 'fail-if' ? `fail if: ${checkName(check)}` : checkName(check),
    weight: scored ? (check.weight ?? 1) : 0,
    required: scored ? (check.required ?? false) : true,
    ...(scored && typeof check.minScore === 'number' ? { minScore: check.minScore } : {}),
    gate: role === 'gate',
    errored: false,
  };
}

const clamp = (n: number): number => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
