import { ACTION_CHECKS } from './action-checks.js';
import type { CheckSpec } from './check-spec.js';
import { CODE_CHECKS } from './code-checks.js';
import { JUDGED_CHECKS } from './judged-checks.js';
import { RUN_CHECKS } from './run-checks.js';
import { STRUCTURE_CHECKS } from './structure-checks.js';
import { TEXT_CHECKS } from './text-checks.js';

/**
 * Every check type skill-eval grades, by its own name: what it looks at and the parameters it takes. Grading has
 * one evaluator for each (the judge grades `llm-rubric`, a group's children grade `assert-set`); promptfoo's and
 * AgentV's other names for them are in CHECK_ALIASES.
 */
export const CHECK_CATALOGUE: Readonly<Record<string, CheckSpec>> = {
  ...TEXT_CHECKS,
  ...STRUCTURE_CHECKS,
  ...ACTION_CHECKS,
  ...RUN_CHECKS,
  ...CODE_CHECKS,
  ...JUDGED_CHECKS,
};
