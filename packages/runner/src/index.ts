// The runner's public surface: what the CLI, the report packages, the engines' tests and the README use. The rest of
// the runner's modules stay private (the repository's own tools reach them through internal.ts).

export { type CacheSealKey, cacheSealKey } from './cache-seal-key.js';
export { type StagedCaseWorkspace, stageCaseWorkspace } from './case-workspace.js';
export { type ChangedFiles, changedFilesSince } from './changed-since.js';
export { type ChangedSuites, selectChangedSuites, type UnchangedSuite } from './changed-suites.js';
export { engineEnv } from './child-env.js';
export { type DeferredFormats, type LoadSuitesOptions, loadSuites } from './discover.js';
export { type EngineJudgeOptions, engineJudge } from './engine-judge.js';
export type { EngineTarget } from './engine-target.js';
export type { ExecutionRoute } from './execution-route.js';
export { createFixtureStager, type FixtureStager, type FixtureStagerOptions } from './fixture-stager.js';
export { makeDirectorySync } from './make-directory.js';
export { type MergedRun, mergeRuns } from './merge-runs.js';
export { splitModel } from './pinned-models.js';
export { type PlanItem, planItems, slugify, type Variant } from './plan.js';
export * from './policy/index.js';
export { MOCK_MCP_SERVER_SCRIPT } from './resolve-mcp-servers.js';
export { assertRunDirUsable } from './run-dir.js';
export { RUN_MANIFEST_FILE, type RunManifest, readRunManifest, recordedInvocation } from './run-manifest.js';
export { newRunName } from './run-name.js';
export { type RunOptions, runSuites } from './run-suites.js';
export { parseShard, type Shard, shardItems } from './shard.js';
export { type SkillAtRef, skillAtRef } from './skill-at-ref.js';
export { NOT_PART_OF_A_SKILL } from './stage-skills.js';
export { type SummaryContext, summarize } from './summarize.js';
export { maxTimeoutSeconds } from './timeout-limit.js';
export { findUntrustedInputs, type UntrustedInputsOptions } from './untrusted-inputs.js';
