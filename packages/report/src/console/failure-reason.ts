import type { CaseResult } from '@skill-eval/core';

/** Why an execution did not pass: the first failing (or unevaluable) check, or the execution's error. */
export interface FailureReason {
  /** Name of the check that failed, when one did. */
  check?: string;
  /** Evidence or error message, untruncated. */
  reason: string;
}

export function failureReason(result: CaseResult): FailureReason | undefined {
  if (result.status === 'passed') return undefined;
  if (result.error) return { reason: `${result.error.code}: ${result.error.message}` };
  // An errored check explains an `error` status better than a merely failed one.
  const check =
    (result.status === 'error' ? result.checks.find((c) => c.errored) : undefined) ??
    result.checks.find((c) => c.gate && !c.passed) ??
    result.checks.find((c) => !c.passed);
  if (check) return { check: check.name || check.type, reason: check.evidence || `${check.type} did not hold` };
  // A skip with nothing to say needs no reason beside its SKIP badge.
  if (result.status === 'skipped') return undefined;
  return { reason: `score ${result.score.toFixed(2)} below the threshold` };
}

/** `check: reason`, or just the reason. */
export const describeFailure = (failure: FailureReason): string =>
  failure.check ? `${failure.check}: ${failure.reason}` : failure.reason;
