import type { CheckVerdict } from '@skill-eval/core';

/**
 * Case status and score from its verdicts. Score is the weighted mean of scored verdicts (those with
 * weight > 0); when nothing carries weight it is 1 if every verdict passed, else 0. Any errored verdict
 * makes the case `error`; a failed required verdict (gates and fail-if are required) fails it; otherwise
 * it passes when the score reaches the threshold — without a threshold, every verdict must pass.
 */
export function scoreVerdicts(
  verdicts: readonly CheckVerdict[],
  threshold?: number,
): { status: 'passed' | 'failed' | 'error'; score: number } {
  if (verdicts.some((v) => v.errored)) return { status: 'error', score: 0 };
  const score = weightedScore(verdicts);
  const requiredFailed = verdicts.some((v) => v.required && !v.passed);
  const reached = threshold === undefined ? verdicts.every((v) => v.passed) : score >= threshold - 1e-9;
  return { status: !requiredFailed && reached ? 'passed' : 'failed', score };
}

function weightedScore(verdicts: readonly CheckVerdict[]): number {
  let total = 0;
  let sum = 0;
  for (const v of verdicts) {
    total += v.weight;
    sum += v.weight * v.score;
  }
  if (total > 0) return sum / total;
  return verdicts.every((v) => v.passed) ? 1 : 0;
}
