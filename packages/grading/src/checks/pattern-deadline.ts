import type { Check } from '@skill-eval/core';
import type { CheckContext } from './check-evaluator.js';
import { checkLabel } from './check-name.js';
import type { PatternDeadline } from './pattern-worker.js';

/** How long one check's pattern searches may take before they are stopped as runaway backtracking. */
export const PATTERN_TIME_LIMIT_MS = 2000;

/**
 * The deadline of a check's pattern searches: its own limit, cut short when grading passes the execution's time limit
 * or the run is interrupted; a stopped search names the check, and the case's file and line.
 */
export function patternDeadline(check: Check, { testCase, signal }: CheckContext): PatternDeadline {
  return { limitMs: PATTERN_TIME_LIMIT_MS, ...(signal ? { signal } : {}), label: checkLabel(check, testCase) };
}
