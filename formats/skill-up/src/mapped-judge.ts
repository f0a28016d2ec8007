import type { Check } from '@skill-eval/core';

/** A judge turned into checks, ready to be given to cases. */
export interface MappedJudge {
  checks: Check[];
  failIf: Check[];
  /** agent_judge pass mark. */
  threshold?: number;
  /** agent_judge model, the case's judge hint. */
  model?: string;
  /** Judge settings skill-eval does not apply (`context`, agent_judge `timeout_seconds`), verbatim. */
  unapplied: Record<string, unknown>;
  /** A `judges` list of several: each member's unapplied settings, by member id. */
  memberSettings?: Record<string, Record<string, unknown>>;
}
