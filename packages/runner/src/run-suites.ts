import { setMaxListeners } from 'node:events';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type {
  Case,
  CaseResult,
  Environment,
  PlannedExecution,
  Redactor,
  Reporter,
  RunSummary,
  SessionEvent,
  SkillRef,
  Suite,
} from '@skill-eval/core';
import { redactorOf, redactRecorded } from '@skill-eval/core';
import type { CopyLimits } from '@skill-eval/engine-kit/agent-files';
import type { Judge, TriggerDetection } from '@skill-eval/grading';
import { caseLookup } from './case-lookup.js';
import type { EngineTarget } from './engine-target.js';
import { evalMaterial } from './eval-material.js';
import { executeWithRetry } from './execute-with-retry.js';
import type { ExecutionContext } from './execution-context.js';
import { type ExecutionRoute, routedContext } from './execution-route.js';
import { type PlanItem, planItems, type Variant } from './plan.js';

import { createResultStore, type ResultStore } from './result-store.js';
import { cachedResult, executeIntoCache, isCached, type RunCache, runCacheFor, writeRunPack } from './run-cache.js';
import { type EarlierPart, resumeRunDir, startRunDir } from './run-dir.js';
import { takeRunLock } from './run-lock.js';
import { newRunName } from './run-name.js';
import { applyRunOverrides } from './run-overrides.js';
import { createScheduler } from './scheduler.js';
import { type Shard, shardItems } from './shard.js';
import { type StartedEnvironments, startEnvironments } from './start-environments.js';
import { variantChoice } from './suite-run-settings.js';
import { summarize } from './summarize.js';
import { DEFAULT_GRACE_SECONDS } from './timeout-limit.js';

/** Everything one run needs. The caller has validated the suites and built the engines. */
export interface RunOptions {
  suites: Suite[];
  /** Each case runs on each engine. */
  engines: EngineTarget[];
  /** Judge for llm-rubric checks. */
  judge?: Judge;
  /** Run directory; created if missing. */
  outDir: string;
  /** Executions in flight at once (default 4). */
  concurrency?: number;
  /** Wall-clock limit per execution; overrides the cases' own (default: the case's, else 600). */
  timeoutSeconds?: number;
  /** Agent turn limit; overrides the cases' own. */
  maxTurns?: number;
  /**
   * Variants to run each case in (default: each suite's own — `with_skill`, plus `without_skill` when its
   * settings ask for a benchmark).
   */
  variants?: Variant[];
  /** The older skill the `baseline` variant stages in place of the skill under test (`--baseline`). */
  baselineSkill?: SkillRef;
  /** Runs per case; overrides every case's own `runs`. */
  runs?: number;
  /** Retries of an execution that timed out or errored; overrides every case's own retry policy. */
  retries?: number;
  /** Called in order; a reporter that throws is reported once (see {@link warn}) and ignored. */
  reporters?: Reporter[];
  /**
   * Where the run tells what it goes on without (a reporter that failed, a cache it could not use): by default
   * stderr. A program with its own stream for it (the CLI's, which keeps such text inert to a CI runner) passes it.
   */
  warn?: (message: string) => void;
  /** Interrupts the run: running engines are aborted, nothing new starts, the summary says `interrupted`. */
  signal?: AbortSignal;
  /** Source of the child environment allowlist and of the secrets to redact (default process.env). */
  env?: Record<string, string | undefined>;
  /** The user passed --trust: checks that run code from eval files (javascript, script) may run. */
  trust?: boolean;
  /** Keep each execution's temp workspace, for debugging (its path is added to the session's warnings). */
  keepWorkspaces?: boolean;
  /** Parent directory of the temp workspaces (default os.tmpdir()). */
  tempDir?: string;
  /**
   * Caps of what one execution copies into the run directory — collected artifacts, its engine's transcripts and
   * logs: bytes per file and per execution (default 256 MiB and 1 GiB); what is over is skipped with a warning.
   */
  artifactLimits?: CopyLimits;
  /** Version of skill-eval, recorded on every result. */
  harnessVersion?: string;
  /** How long past its timeout, or past an interrupt, an engine may take to return (default 10). */
  graceSeconds?: number;
  /**
   * How trigger cases detect firing, over each case's own `triggerDetection` (default any-tool). `first-tool` stops
   * each run at its first tool call on engines that honour `EngineRunInput.stopWhen`.
   */
  triggerDetection?: TriggerDetection;
  /** Reuse the results of unchanged executions from this directory, and store new ones there; no cache when absent. */
  cacheDir?: string;
  /**
   * The secret that seals the cache's entries (run-cache.ts): only entries sealed with it are reused, so a project's
   * committed `.skill-eval/cache` gives no verdict. Without it, only this run's own entries are.
   */
  cacheSealKey?: Uint8Array;
  /** Continue the run in `outDir` (its run.json and results.jsonl): only executions without a result run. */
  resume?: boolean;
  /** Written to run.json when the run starts: what the caller needs to plan the run again for `resume`. */
  invocation?: Record<string, unknown>;
  /** Run only this part of the plan (`--shard i/n`); `skill-eval merge` joins the parts. */
  shard?: Shard;
  /** Sends each execution's model traffic somewhere else (record/replay). */
  route?: ExecutionRoute;
  /**
   * Where a case's executions run: a container or remote sandbox (`--environment`, an eval file's own); on the host
   * when it gives none. Each environment used is started before the first execution and stopped after the last.
   */
  environment?: (testCase: Case) => Environment | undefined;
  /**
   * Told, before anything is written or run, which executions the run will carry out: those neither finished already
   * (`resume`) nor found in the cache. Throwing stops the run there (e.g. a missing API key that only matters when an
   * execution or its judge really runs).
   */
  beforeExecutions?: (toRun: readonly PlanItem<EngineTarget>[]) => void | Promise<void>;
}

/** The executions a run will carry out: neither finished in the run being resumed nor answered by the cache. */
async function executionsToRun(
  items: readonly PlanItem<EngineTarget>[],
  finished: ReadonlyMap<string, CaseResult>,
  runCache: RunCache | undefined,
): Promise<PlanItem<EngineTarget>[]> {
  const toRun: PlanItem<EngineTarget>[] = [];
  for (const item of items) {
    if (finished.has(item.planned.executionId)) continue;
    if (runCache && (await isCached(runCache, item))) continue;
    toRun.push(item);
  }
  return toRun;
}

type Hook = keyof Reporter;
type Report = ReturnType<typeof reporterBus>;

/** Calls reporter hooks one at a time, in reporter order, never letting a reporter fault end the run. */
const warnOnStderr = (message: string): void => void process.stderr.write(`skill-eval: ${message}\n`);

function reporterBus(reporters: readonly Reporter[], warn: (message: string) => void) {
  const warned = new Set<Reporter>();
  let queue: Promise<void> = Promise.resolve();
  // A hook no reporter has costs nothing: a run of a thousand cached results tells two hooks each.
  const listeners = new Map<Hook, Reporter[]>();
  const listening = (hook: Hook): Reporter[] => {
    let found = listeners.get(hook);
    if (!found) {
      found = reporters.filter((reporter) => reporter[hook] !== undefined);
      listeners.set(hook, found);
    }
    return found;
  };
  const report = <H extends Hook>(hook: H, ...args: Parameters<NonNullable<Reporter[H]>>): Promise<void> => {
    const told = listening(hook);
    if (told.length === 0) return queue;
    queue = queue.then(async () => {
      for (const reporter of told) {
        try {
          await (reporter[hook] as ((...a: unknown[]) => unknown) | undefined)?.apply(reporter, args);
        } catch (error) {
          if (!warned.has(reporter)) {
            warned.add(reporter);
            warn(`a reporter failed in ${hook} and is ignored: ${(error as Error)?.message ?? error}`);
          }
        }
      }
    });
    return queue;
  };
  /** Whether some reporter has `hook`: what only it would be told need not be made. */
  return Object.assign(report, { listens: (hook: Hook): boolean => listening(hook).length > 0 });
}

/**
 * Runs every case of `suites` on every engine: plans, executes with bounded concurrency, grades, appends each
 * result to `<outDir>/results.jsonl` as it ends, writes `summary.json`, and tells the reporters.
 */
export async function runSuites(options: RunOptions): Promise<{ summary: RunSummary; results: CaseResult[] }> {
  const lock: { release?: () => void; environments?: StartedEnvironments } = {};
  try {
    return await runTakingDir(options, lock);
  } finally {
    lock.release?.();
    await lock.environments?.stop();
  }
}

/**
 * The run itself; it takes the run directory (see run-lock.ts) into `lock` before it reads or writes results there,
 * and puts there the environments it started, for the caller to release and stop.
 */
async function runTakingDir(
  options: RunOptions,
  lock: { release?: () => void; environments?: StartedEnvironments },
): Promise<{ summary: RunSummary; results: CaseResult[] }> {
  const startedAt = new Date();
  const outDir = resolve(options.outDir);
  const signal = options.signal ?? new AbortController().signal;
  // Every execution in flight listens to the run's signal (a few listeners each) — up to twice -j of them: those that
  // run and those finishing outside their slots (scheduler.ts). That is no leak, so Node need not warn.
  setMaxListeners(10 + 8 * (options.concurrency ?? 4), signal);
  // A plain copy: reading process.env goes through a getter per variable, and each execution filters it three times.
  const env = { ...(options.env ?? process.env) };
  const redact = redactorOf(env);
  const report = reporterBus(options.reporters ?? [], options.warn ?? warnOnStderr);
  const suites = applyRunOverrides(options.suites, options);
  const items = shardItems(
    planItems(suites, options.engines, (t) => t.id, variantChoice(options.variants), redact.text),
    options.shard,
  );
  const plan: PlannedExecution[] = items.map((item) => item.planned);
  const executionIds = plan.map((p) => p.executionId);
  const runCache = runCacheFor(options, suites, options.warn);
  await runCache?.prepare(items);
  // A resumed run's results.jsonl is read and rewritten: no other process may be running into it.
  if (options.resume && existsSync(outDir)) lock.release = takeRunLock(outDir);
  const resumed = options.resume ? await resumeRunDir(outDir, executionIds) : undefined;
  const finished = resumed?.finished ?? new Map<string, CaseResult>();
  // Only asked for: finding what the cache answers costs a key and a lookup per execution before the run starts.
  const toRun = options.beforeExecutions || options.environment ? await executionsToRun(items, finished, runCache) : [];
  if (options.beforeExecutions) await options.beforeExecutions(toRun);
  const earlier = resumed?.earlier;
  const runId = earlier?.runId ?? newRunName(startedAt);
  lock.environments = await startEnvironments(toRun, options.environment, { runId, signal, env });
  // The directory is taken before anything is written into it.
  if (!options.resume) {
    // Secrets are never written; which variables they came from is, so that a resume can take them again.
    const { value: invocation, redactions } = redactRecorded(options.invocation, env);
    await startRunDir(outDir, executionIds, { ...options, invocation, redactions });
    lock.release = takeRunLock(outDir);
  }
  const store = await createResultStore(outDir, redact, [...finished.values()]);
  const ctx = executionContextOf(options, { store, redact, env, signal, report });

  // A resumed run tells the reporters what this part of it runs; the results it already held come back at the end.
  await report('onRunStart', redact(plan.filter((p) => !finished.has(p.executionId))), outDir);
  const { results, executed } = await executeAll(items, ctx, { options, suites, finished, runCache, store, report });
  if (runCache && !signal.aborted) await writeRunPack(runCache, items);
  const summary = runSummary(results, { options, suites, outDir, runId, startedAt, earlier, signal });
  const tampered = executed ? await store.seal() : [];
  if (tampered.length) summary.tampered = tampered;
  await store.writeSummary(summary);
  await report('onRunEnd', redact(summary), results);
  return { summary, results };
}

/** What every execution of the run shares. */
function executionContextOf(
  options: RunOptions,
  shared: {
    store: ResultStore;
    redact: Redactor;
    env: Record<string, string | undefined>;
    signal: AbortSignal;
    report: Report;
  },
): ExecutionContext {
  const { store, redact, env, signal, report } = shared;
  let material: ReadonlySet<string> | undefined;
  return {
    store,
    redact,
    judge: options.judge,
    env,
    timeoutSeconds: options.timeoutSeconds,
    maxTurns: options.maxTurns,
    signal,
    keepWorkspaces: options.keepWorkspaces ?? false,
    trust: options.trust ?? false,
    // Found once for the run: os.tmpdir() reads the environment on every call, and every execution asks.
    tempDir: options.tempDir ?? tmpdir(),
    ...(options.artifactLimits ? { artifactLimits: options.artifactLimits } : {}),
    graceMs: (options.graceSeconds ?? DEFAULT_GRACE_SECONDS) * 1000,
    harnessVersion: options.harnessVersion,
    triggerDetection: options.triggerDetection,
    baselineSkill: options.baselineSkill,
    // Walked when the first execution stages a skill: a run the cache answers whole never needs it.
    get evalMaterial() {
      material ??= evalMaterial(options.suites);
      return material;
    },
    environment: options.environment,
    // Reporters that ask see each engine event as it happens (the console's --verbose), redacted as everything they
    // see; the bus keeps the order.
    ...((options.reporters ?? []).some((r) => r.onEvent)
      ? {
          onEvent: (execution: PlannedExecution, event: SessionEvent) =>
            void report('onEvent', redact(execution), redact(event)),
        }
      : {}),
  };
}

/**
 * Carries out every planned execution, at most `concurrency` at once per the scheduler: a result the resumed run holds
 * or the cache answers is taken as it is, the others run; each result is written and reported as it ends.
 */
async function executeAll(
  items: readonly PlanItem<EngineTarget>[],
  ctx: ExecutionContext,
  run: {
    options: RunOptions;
    suites: Suite[];
    finished: ReadonlyMap<string, CaseResult>;
    runCache: RunCache | undefined;
    store: ResultStore;
    report: Report;
  },
): Promise<{ results: CaseResult[]; executed: boolean }> {
  const { options, suites, finished, runCache, store, report } = run;
  const { redact, signal } = ctx;
  const schedule = createScheduler(options.concurrency ?? 4, suites);
  // Whether an agent, setup or grading script ran: only then can something other than the harness have written here.
  let executed = false;
  const starting = async (item: PlanItem<EngineTarget>): Promise<void> => {
    if (report.listens('onExecutionStart')) await report('onExecutionStart', redact(item.planned));
  };
  // From here on the run holds the result as written: redacted, as every reporter and the summary see it.
  const written = async (result: CaseResult): Promise<CaseResult> => {
    const line = await store.appendResult(result);
    await report('onResult', line);
    return line;
  };
  const byPlanOrder: (CaseResult | undefined)[] = await Promise.all(
    items.map(async (item) => {
      const done = finished.get(item.planned.executionId);
      if (done) return done;
      // A result the cache answers takes no slot: only what runs waits for one.
      const cached = runCache && !signal.aborted ? await cachedResult(runCache, item, store) : undefined;
      if (cached) {
        await starting(item);
        return written(cached);
      }
      return schedule(item.suite, async (slot) => {
        if (signal.aborted) return undefined;
        await starting(item);
        const result = await executeIntoCache(runCache, item, store, () => {
          executed = true;
          return executeWithRetry(
            item,
            { ...routedContext(ctx, item.planned.executionId, options.route), slot },
            item.testCase.retry,
          );
        });
        return written(result);
      });
    }),
  );
  return { results: byPlanOrder.filter((r): r is CaseResult => r !== undefined), executed };
}

/** The run's summary; a resumed run stays the run it continues: its id, its start, and its parts' time added up. */
function runSummary(
  results: CaseResult[],
  run: {
    options: RunOptions;
    suites: Suite[];
    outDir: string;
    runId: string;
    startedAt: Date;
    earlier: EarlierPart | undefined;
    signal: AbortSignal;
  },
): RunSummary {
  const { options, suites, outDir, runId, startedAt, earlier, signal } = run;
  const finishedAt = new Date();
  const summary = summarize(results, {
    runId,
    outDir,
    startedAt: earlier?.startedAt ?? startedAt,
    finishedAt,
    ...(earlier ? { durationMs: earlier.durationMs + (finishedAt.getTime() - startedAt.getTime()) } : {}),
    interrupted: signal.aborted,
    caseOf: caseLookup(suites),
    ...(options.baselineSkill ? { baselineSkill: options.baselineSkill.dir } : {}),
  });
  if (options.shard) summary.shard = options.shard;
  if (earlier?.mergedFrom) summary.mergedFrom = earlier.mergedFrom;
  return summary;
}
