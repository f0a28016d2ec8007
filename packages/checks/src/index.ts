export { type AliasSpec, CHECK_ALIASES, RUBRIC_ALIASES } from './alias-checks.js';
export {
  AGENTV_TRIMMED,
  type CanonicalOptions,
  canonicalCheck,
  compositeWeights,
  type Vocabulary,
} from './canonical-check.js';
export { CHECK_CATALOGUE } from './catalogue.js';
export {
  type CheckProblem,
  type CheckProblemOptions,
  checkProblems,
  problemSentence,
  validChecks,
} from './check-problems.js';
export type { CheckOrigin, CheckSpec } from './check-spec.js';
export { checkTypeProblem, KNOWN_CHECK_TYPES } from './check-type-problem.js';
export { commaList } from './comma-list.js';
export { COMMON_PARAMS } from './common-params.js';
export { GROUP, RUBRIC } from './judged-checks.js';
export { renderParameterReference } from './parameter-reference.js';
export { UNSUPPORTED_CHECK_TYPES } from './unsupported-check-types.js';
