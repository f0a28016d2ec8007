/**
 * Everything the runner's modules export, for the repository's own tools (bench/ measures staging through it). Not a
 * public entry: names here change without notice; `index.ts` is what users import.
 */
export { benchmarkSummaries, benchmarkSummary } from './benchmark-summary.js';
export { CACHE_FORMAT, type CacheKeyContext, cacheKey } from './cache-key.js';
export { type StagedCaseWorkspace, stageCaseWorkspace } from './case-workspace.js';
export { buildChildEnv, ENV_ALLOWED_PREFIX, ENV_ALLOWLIST, engineEnv, MODEL_KEY_VARIABLES } from './child-env.js';
export { type CollectedArtifacts, collectArtifacts } from './collect-artifacts.js';
export { type DeferredFormats, type LoadSuitesOptions, loadSuites } from './discover.js';
export { asOnePrompt, type EngineJudgeOptions, engineJudge } from './engine-judge.js';
export type { EngineTarget } from './engine-target.js';
export { executeOne } from './execute.js';
export { executeWithRetry, retryReason } from './execute-with-retry.js';
export { DEFAULT_TIMEOUT_SECONDS, type ExecutionContext } from './execution-context.js';
export { type ExecutionRoute, routedContext } from './execution-route.js';
export { ExecutionWorkspace } from './execution-workspace.js';
export {
  type FillReport,
  fillWorkspace,
  layOverlays,
  layProject,
  type WorkspaceFillOptions,
} from './fill-workspace.js';
export {
  createFixtureStager,
  type FixtureStager,
  type FixtureStagerOptions,
  type StagingMethod,
} from './fixture-stager.js';
export { type FixtureTree, readFixtureTree } from './fixture-tree.js';
export { type MergedRun, mergeRuns } from './merge-runs.js';
export {
  defaultRuns,
  type PlanItem,
  planExecutions,
  planItems,
  slugify,
  type Variant,
  type VariantChoice,
} from './plan.js';
export { type RepeatStats, repeatStats, spread } from './repeat-stats.js';
export {
  envReferences,
  expandEnvRefs,
  MOCK_MCP_SERVER_SCRIPT,
  type ResolveMcpOptions,
  resolveMcpServers,
  untrustedMcpServer,
} from './resolve-mcp-servers.js';
export { type CacheEntry, createResultCache, type ResultCache } from './result-cache.js';
export { createResultStore, type ResultStore } from './result-store.js';
export { cachedResult, createRunCache, executeIntoCache, type RunCache, runCacheFor } from './run-cache.js';
export {
  assertRunDirUsable,
  type EarlierPart,
  loadFinishedResults,
  type ResumedRunDir,
  readRunSummary,
  resumeRunDir,
  type StartRunDirOptions,
  startRunDir,
} from './run-dir.js';
export {
  RUN_MANIFEST_FILE,
  type RunManifest,
  RunManifestSchema,
  readRunManifest,
  recordedInvocation,
  writeRunManifest,
} from './run-manifest.js';
export { newRunName } from './run-name.js';
export { applyRunOverrides, type RunOverrides } from './run-overrides.js';
export { type RunOptions, runSuites } from './run-suites.js';
export { type Outcome, runWithBackstop } from './run-with-backstop.js';
export { createScheduler, type Schedule } from './scheduler.js';
export { parseShard, type Shard, shardItems, shardOfEach } from './shard.js';
export { runShellSteps, type ShellStepOptions } from './shell-steps.js';
export { stableJson } from './stable-json.js';
export { NOT_PART_OF_A_SKILL, type StagedSkills, stageSkills } from './stage-skills.js';
export { probeOverlay, probeReflink } from './staging-probe.js';
export { suiteBenchmark, suiteParallelism, variantChoice } from './suite-run-settings.js';
export { type SummaryContext, summarize } from './summarize.js';
export { DEFAULT_GRACE_SECONDS, maxTimeoutSeconds } from './timeout-limit.js';
export { createTreeHasher, type TreeHasher, type TreeHashOptions } from './tree-hasher.js';
export { findUntrustedInputs, type UntrustedInputsOptions } from './untrusted-inputs.js';
export { skillsForVariant } from './variant-skills.js';
export {
  createWorkspace,
  insideWorkspace,
  parentInsideWorkspace,
  prepareWorkspace,
  type Workspace,
} from './workspace.js';
