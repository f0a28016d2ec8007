import type { Case, Check, CheckVerdict, Session } from '@skill-eval/core';
import type { WorkspaceSnapshot } from '../judge/workspace-snapshot.js';

/** What a check may look at. */
export interface CheckContext {
  testCase: Case;
  session: Session;
  /** Absolute path of the workspace after the run. */
  workspace: string;
  /** The workspace before the run, when grading needs it (`caseNeedsSnapshot`): what the run created is the rest. */
  workspaceBefore?: WorkspaceSnapshot;
  signal?: AbortSignal;
  /** The user passed --trust: checks that run code from the eval file (javascript, script) may run. */
  trust?: boolean;
  /** Environment for code a check runs: the execution's allowlisted child env with its isolated HOME. */
  env?: Record<string, string>;
}

/** A check's raw result, before negation. */
export interface CheckOutcome {
  passed: boolean;
  /** 0..1; defaults to 1 when passed, else 0. */
  score?: number;
  /** What was found, quoted. */
  evidence: string;
  /** What the check tests was not there to look at (a missing file): it fails, negated or not. */
  failsNegated?: boolean;
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
  /**
   * The check ran and could not grade — its code threw, crashed or ran out of time, or the judge of AgentV's implicit
   * criteria grader failed — as opposed to a check skill-eval could not start, or another check's failed judge. An
   * AgentV case scores it as AgentV does (see agentv-failures.ts).
   */
  failedToGrade?: { negated: boolean };
}
