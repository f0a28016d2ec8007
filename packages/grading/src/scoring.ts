import type { CheckVerdict } from '@skill-eval/core';

/** How a verdict follows from the checks' verdicts (see the case's `verdictRule`). */
export type VerdictRule = 'every-check' | 'mean-score';

/** AgentV's pass mark for a test's mean score (`DEFAULT_THRESHOLD`). */
export const MEAN_SCORE_THRESHOLD = 0.8;

/**
 * Status and score from verdicts. The score is the weighted mean of the verdicts' scores; when nothing carries
 * weight it is 0 if a scored check was given weight 0 (promptfoo and AgentV divide by nothing as 0), else 1 if
 * every verdict (gates, fail-if conditions) passed. Any errored verdict makes the result `error`.
 *
 * `every-check` (promptfoo): passes when every verdict of weight > 0 passed, or, with a threshold, when the score reaches it; a
 * failed required verdict (gates and fail-if are required) fails it whatever the score.
 * `mean-score` (AgentV's `runEvaluatorsForCase`): a required verdict whose score stays below its `minScore` (the
 * threshold when it has none) makes the score 0, as does a test whose checks all weigh 0; passes when the score
 * reaches the threshold (0.8 by default).
 */
export function scoreVerdicts(
  verdicts: readonly CheckVerdict[],
  threshold?: number,
  rule: VerdictRule = 'every-check',
): { status: 'passed' | 'failed' | 'error'; score: number } {
  if (verdicts.some((v) => v.errored)) return { status: 'error', score: 0 };
  if (rule === 'mean-score') {
    const passMark = threshold ?? MEAN_SCORE_THRESHOLD;
    const requiredShort = verdicts.some((v) => v.required && !reaches(v.score, v.minScore ?? passMark));
    // `computeWeightedMean` (@agentv/core 4.42.4 dist/chunk-FRDEARJA.js:24038-24047): no weight at all is 0, gates
    // included — a required check of weight 0 that passed scores the test 0.
    const score = requiredShort ? 0 : weightedScore(verdicts, 0);
    return { status: reaches(score, passMark) ? 'passed' : 'failed', score };
  }
  const requiredFailed = verdicts.some((v) => v.required && !v.passed);
  const score = weightedScore(verdicts);
  // promptfoo counts a check of weight 0 for information only: it never fails the test.
  const counted = verdicts.filter((v) => v.weight > 0 || v.required);
  const reached = threshold === undefined ? counted.every((v) => v.passed) : reaches(score, threshold);
  return { status: !requiredFailed && reached ? 'passed' : 'failed', score };
}

const reaches = (score: number, threshold: number) => score >= threshold - 1e-9;

function weightedScore(verdicts: readonly CheckVerdict[], weightless?: number): number {
  let total = 0;
  let sum = 0;
  for (const v of verdicts) {
    total += v.weight;
    sum += v.weight * v.score;
  }
  if (total > 0) return sum / total;
  if (weightless !== undefined) return weightless;
  if (verdicts.some((v) => !v.required)) return 0;
  return verdicts.every((v) => v.passed) ? 1 : 0;
}
