// Exported: the catalogue, reading checks through it (problems, canonical forms) and the vocabularies formats map onto
// it. internal.ts adds what the repository's own scripts use (the docs' parameter reference).
export { RUBRIC_ALIASES } from './alias-checks.js';
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
export { checkTypeProblem, isUnsupportedType, KNOWN_CHECK_TYPES, unknownTypeMessage } from './check-type-problem.js';
export { commaList } from './comma-list.js';
export { COMMON_PARAMS } from './common-params.js';
export { GROUP, RUBRIC } from './judged-checks.js';
export type { ParamSchema } from './param-types.js';
