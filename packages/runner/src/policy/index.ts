// The trust policy: the table of every setting skill-eval reads (who may set it, what it can do), the one function
// that applies it wherever settings enter, and what host programs may inherit of the user's environment.
export {
  applyPolicy,
  findingLine,
  type PolicyFinding,
  type PolicyVerdict,
  policyEntry,
  refusePolicyFindings,
  type SettingUse,
} from './apply-policy.js';
export {
  DOCKER_CLI_VARIABLES,
  HOST_PROGRAM_PREFIX,
  HOST_PROGRAM_VARIABLES,
  hostProgramEnv,
  isProxyVariable,
  MODEL_KEY_VARIABLES,
  onlyCredential,
  scopeCredential,
  withoutUserinfo,
} from './host-program-env.js';
export { POLICY_TABLE } from './policy-table.js';
export {
  POWERS,
  type PolicyContext,
  type PolicyEntry,
  type Power,
  SOURCES,
  type Source,
  TRUSTED_SOURCES,
} from './policy-types.js';
export { schemaPaths } from './schema-paths.js';
