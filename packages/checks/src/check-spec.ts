import type { Check } from '@skill-eval/core';
import type { ParamSchema } from './param-types.js';

/** The tools whose eval files write a check type by this name. */
export type CheckOrigin = 'skill-eval' | 'promptfoo' | 'agentv';

/** One problem a check's own parameters give, for a semantic rule a type cannot express. */
export interface RuleProblem {
  /** Keys from the check down to the parameter at fault; [] for the check as a whole. */
  path: (string | number)[];
  /** The whole sentence: what is wrong and what to write instead. */
  message: string;
}

/** One check type of the catalogue: what it grades, the parameters it takes, who writes it. */
export interface CheckSpec {
  /** What the check looks at, in one line, for the parameter reference. */
  summary: string;
  /** Its parameters beside the ones every check takes, by key, each described (what to write). */
  params: Readonly<Record<string, ParamSchema>>;
  /** Parameters it must be given: the key, or several keys one of which must be there. */
  needs?: readonly (string | readonly string[])[];
  /**
   * Rules across parameters (min ≤ max, a regex that compiles): each broken one, with its message. `agentv` is set
   * when the check is written in AgentV's vocabulary, where some parameters mean what AgentV makes of them.
   */
  rules?: (check: Check, agentv: boolean) => RuleProblem[];
  /** Keys a peer gives this type that skill-eval cannot grade: why, and what to do instead (an error). */
  unsupported?: Readonly<Record<string, string>>;
  /** Keys a peer gives this type that change only who grades it or how, which skill-eval ignores: why (a warning). */
  ignored?: Readonly<Record<string, string>>;
  origins: readonly CheckOrigin[];
  /** What keys the spec does not declare are: typos (warned about, the default), or data the check passes on. */
  extraKeys?: 'warn' | 'keep';
}

/** Declares a check type: `params` are described parameter schemas (zod, built when first used), one per key, each optional unless `needs` names it. */
export function defineCheck(spec: Omit<CheckSpec, 'params'> & { params?: Record<string, ParamSchema> }): CheckSpec {
  return { ...spec, params: spec.params ?? {} };
}
