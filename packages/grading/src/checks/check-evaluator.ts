import type { Case, Check, CheckVerdict, Session } from '@skill-eval/core';

/** What a check may look at. */
export interface CheckContext {
  testCase: Case;
  session: Session;
  /** Absolute path of the workspace after the run. */
  workspace: string;
  signal?: AbortSignal;
}

/** A check's raw result, before negation. */
export interface CheckOutcome {
  passed: boolean;
  /** 0..1; defaults to 1 when passed, else 0. */
  score?: number;
  /** What was found, quoted. */
  evidence: string;
}

/**
 * Evaluates one check type. Throws SkillEvalError (BAD_INPUT) when the check itself is malformed,
 * which makes the verdict errored rather than failed.
 */
export type CheckEvaluator = (check: Check, context: CheckContext) => CheckOutcome | Promise<CheckOutcome>;

/** A verdict plus, when it errored, why. */
export interface GradedCheck {
  verdict: CheckVerdict;
  error?: { code: string; message: string };
}
