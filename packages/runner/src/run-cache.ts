import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type CaseResult, errorInfo, readRegularText, type SkillRef, type Suite } from '@skill-eval/core';
import { CACHE_FORMAT, type CacheKeyContext, cacheKey } from './cache-key.js';
import type { EngineTarget } from './engine-target.js';
import type { PlanItem } from './plan.js';
import { type CacheEntry, createResultCache, type ResultCache } from './result-cache.js';
import { PACK_LIMIT, readPack, writePack } from './result-pack.js';
import type { ResultStore } from './result-store.js';
import { reuseCachedResult } from './reuse-cached-result.js';
import { createTreeHasher } from './tree-hasher.js';

/** A run's view of the result cache: the store, and each execution's key. */
export interface RunCache {
  cache: ResultCache;
  /** An execution's key, computed once per run (a run may ask before it starts, then again when it executes). */
  keyOf(item: PlanItem<EngineTarget>): Promise<string>;
  /**
   * Keys every execution of the run and reads the pack of exactly those executions (result-pack.ts), whose entries
   * then answer lookups without a file each. Before the first lookup; a run that skips it reads entries one by one.
   */
  prepare(items: readonly PlanItem<EngineTarget>[]): Promise<void>;
  /**
   * An execution's cache entry, read once per run: a run that asks before it starts which executions the cache
   * answers gets, when it executes, the entry it read then (undefined for a miss or a damaged entry). Rejects when the
   * execution's inputs cannot be hashed.
   */
  lookup(item: PlanItem<EngineTarget>): Promise<CacheEntry | undefined>;
  /**
   * Lets go of the lookup of an execution once the run has used it. What the run's pack needs of its entries is kept
   * apart, up to what a pack holds (see keptEntries): a run of many large hits does not hold them all.
   */
  release(item: PlanItem<EngineTarget>): void;
  /** Stores an execution's entry (see ResultCache.put). */
  put(entry: Omit<CacheEntry, 'format'>): Promise<void>;
  /**
   * Writes the pack of the run's executions when each has an entry now and the pack did not answer them all already,
   * so that the next run of the same executions reads one file.
   */
  keepPack(items: readonly PlanItem<EngineTarget>[]): Promise<void>;
  /** Told once when the cache cannot be read or written; the run goes on uncached. */
  warn(message: string): void;
}

/**
 * A run cache at `dir`, its entries sealed with `sealKey` (result-cache.ts); keys are hashed with one tree hasher, so
 * each skill tree is read once per run.
 */
export function createRunCache(
  dir: string,
  sealKey: Uint8Array,
  keys: Omit<CacheKeyContext, 'hasher'>,
  warn: (message: string) => void = (message) => process.stderr.write(`skill-eval: ${message}\n`),
): RunCache {
  let warned = false;
  const context = { ...keys, hasher: createTreeHasher() };
  const known = new WeakMap<PlanItem<EngineTarget>, Promise<string>>();
  const read = new Map<PlanItem<EngineTarget>, Promise<CacheEntry | undefined>>();
  const cache = createResultCache(dir, sealKey);
  const packed = new Map<string, CacheEntry>();
  const kept = keptEntries();
  let packAnsweredAll = false;
  const keyOf = (item: PlanItem<EngineTarget>): Promise<string> => {
    let key = known.get(item);
    if (!key) {
      key = cacheKey(item, context);
      known.set(item, key);
    }
    return key;
  };
  const allKeys = (items: readonly PlanItem<EngineTarget>[]) => Promise.all(items.map(keyOf));
  return {
    cache,
    keyOf,
    async prepare(items) {
      // An execution whose inputs cannot be hashed is not cached; the run says so when it executes.
      const keys = await allKeys(items).catch(() => undefined);
      if (!keys) return;
      for (const [key, entry] of readPack(dir, sealKey, keys)) packed.set(key, entry);
      packAnsweredAll = packed.size === new Set(keys).size;
    },
    lookup(item) {
      let entry = read.get(item);
      if (!entry) {
        entry = keyOf(item).then(async (key) => kept.add(packed.get(key) ?? (await cache.get(key))));
        read.set(item, entry);
      }
      return entry;
    },
    release(item) {
      read.delete(item);
    },
    async put(entry) {
      await cache.put(entry);
      kept.add({ format: CACHE_FORMAT, ...entry });
    },
    async keepPack(items) {
      if (packAnsweredAll || !kept.packable) return;
      const entries = (await allKeys(items).catch(() => [])).map((key) => kept.get(key));
      if (entries.length === 0 || entries.some((entry) => entry === undefined)) return;
      await writePack(dir, sealKey, entries as CacheEntry[]);
    },
    warn(message) {
      if (!warned) warn(message);
      warned = true;
    },
  };
}

/**
 * The entries a run read or wrote, for its pack, while they come to no more than a pack holds: past that the run
 * writes none, and holds none.
 */
function keptEntries() {
  const entries = new Map<string, CacheEntry>();
  let bytes = 0;
  let packable = true;
  return {
    get packable() {
      return packable;
    },
    /** Keeps `entry` (undefined passes through), and returns it. */
    add(entry: CacheEntry | undefined): CacheEntry | undefined {
      if (!entry || !packable) return entry;
      // The transcript is most of an entry; the rest is about this much JSON.
      bytes += (entry.transcriptText?.length ?? 0) + 4096;
      if (bytes > PACK_LIMIT) {
        packable = false;
        entries.clear();
      } else entries.set(entry.key, entry);
      return entry;
    },
    get: (key: string) => entries.get(key),
  };
}

/** The run options a cache key depends on. */
export interface RunCacheOptions {
  cacheDir?: string;
  /**
   * The user's secret that seals the entries (`skill-eval run` keeps it in the user's cache folder): only entries
   * sealed with it are reused. Without it, a key made for this run: only its own entries are reused.
   */
  cacheSealKey?: Uint8Array;
  judge?: { engine: string; model?: string; settings?: unknown };
  harnessVersion?: string;
  baselineSkill?: SkillRef;
  timeoutSeconds?: number;
  maxTurns?: number;
  triggerDetection?: string;
  trust?: boolean;
}

/** The run's cache, or undefined when the run has no `cacheDir`. */
export function runCacheFor(
  options: RunCacheOptions,
  suites: readonly Suite[],
  warn?: (message: string) => void,
): RunCache | undefined {
  if (!options.cacheDir) return undefined;
  return createRunCache(
    options.cacheDir,
    options.cacheSealKey ?? randomBytes(32),
    {
      evalFiles: new Set(suites.flatMap((suite) => [suite.file, ...suite.cases.map((c) => c.source.file)])),
      ...(options.judge
        ? { judge: { engine: options.judge.engine, model: options.judge.model, settings: options.judge.settings } }
        : {}),
      ...(options.harnessVersion ? { harnessVersion: options.harnessVersion } : {}),
      ...(options.baselineSkill ? { baselineSkill: options.baselineSkill } : {}),
      overrides: {
        timeoutSeconds: options.timeoutSeconds,
        maxTurns: options.maxTurns,
        triggerDetection: options.triggerDetection,
        trust: options.trust ?? false,
      },
    },
    warn,
  );
}

/** Only a graded verdict is worth keeping: errors, skips and interrupts say nothing lasting about the skill. */
const cacheable = (result: CaseResult): boolean =>
  (result.status === 'passed' || result.status === 'failed') && !result.error && !result.cached;

/** The cached transcript copied into this run: its path, undefined without one, null when it cannot be read (a miss). */
async function copyCachedTranscript(
  store: ResultStore,
  item: PlanItem<EngineTarget>,
  text: string | undefined,
): Promise<string | undefined | null> {
  if (text === undefined) return undefined;
  try {
    return await store.copyTranscript(item.planned.executionId, text);
  } catch {
    return null;
  }
}

/**
 * The cached result of an unchanged execution as this run's (its transcript copied into this run), or undefined when
 * the cache has none, its entry is damaged, the execution's inputs cannot be hashed ({@link executeIntoCache} says
 * so) or its transcript cannot be copied.
 */
export async function cachedResult(
  runCache: RunCache,
  item: PlanItem<EngineTarget>,
  store: ResultStore,
): Promise<CaseResult | undefined> {
  const started = Date.now();
  let entry: CacheEntry | undefined;
  try {
    entry = await runCache.lookup(item);
  } catch {
    return undefined;
  } finally {
    runCache.release(item);
  }
  if (!entry) return undefined;
  const transcriptFile = await copyCachedTranscript(store, item, entry.transcriptText);
  return transcriptFile === null ? undefined : reuseCachedResult(entry, item.planned, started, transcriptFile);
}

/** Runs `execute` and caches its result with its transcript when it is worth keeping. Without a cache, just runs it. */
export async function executeIntoCache(
  runCache: RunCache | undefined,
  item: PlanItem<EngineTarget>,
  store: ResultStore,
  execute: () => Promise<CaseResult>,
): Promise<CaseResult> {
  if (!runCache) return execute();
  let key: string;
  try {
    key = await runCache.keyOf(item);
  } catch (error) {
    runCache.warn(`cache disabled for some executions: cannot hash their inputs (${errorInfo(error).message}).`);
    return execute();
  }
  const result = await execute();
  if (!cacheable(result)) return result;
  try {
    // The transcript the store just wrote, read back as a regular file only: what stands at its name now (a link an
    // agent left) is never followed into the cache, which later runs copy from.
    const transcriptText = result.transcriptFile
      ? await readRegularText(join(store.outDir, result.transcriptFile))
      : undefined;
    await runCache.put({ key, runDir: store.outDir, result, ...(transcriptText ? { transcriptText } : {}) });
  } catch (error) {
    runCache.warn(`cannot write to the result cache at ${runCache.cache.dir}: ${errorInfo(error).message}`);
  }
  return result;
}

/**
 * Whether the cache holds a readable result for this execution, which the run then reuses without reading it again
 * (unless its transcript cannot be copied). An execution whose inputs cannot be hashed is not cached.
 */
export async function isCached(runCache: RunCache, item: PlanItem<EngineTarget>): Promise<boolean> {
  try {
    return (await runCache.lookup(item)) !== undefined;
  } catch {
    return false;
  }
}

/** Writes the run's pack (RunCache.keepPack); one that cannot be written is said once, as any write to the cache. */
export async function writeRunPack(runCache: RunCache, items: readonly PlanItem<EngineTarget>[]): Promise<void> {
  try {
    await runCache.keepPack(items);
  } catch (error) {
    runCache.warn(`cannot write to the result cache at ${runCache.cache.dir}: ${errorInfo(error).message}`);
  }
}
