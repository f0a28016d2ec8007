// What a command that reads eval files without running them needs (list, validate, the config's checks): loading,
// the trust policy and the timeout limit. Its own entry (`@skill-eval/runner/loading`), so that such a command loads
// none of the modules that run, stage, cache or grade executions.
export { type DeferredFormats, type LoadSuitesOptions, loadSuites } from './discover.js';
export * from './policy/index.js';
export { createFolderSuiteStore, type KeptLoad, type SuiteStore } from './suite-store.js';
export { maxTimeoutSeconds } from './timeout-limit.js';
export { findUntrustedInputs, type UntrustedInputsOptions } from './untrusted-inputs.js';
export { createFolderYamlStore, type FolderYamlStore } from './yaml-store.js';
