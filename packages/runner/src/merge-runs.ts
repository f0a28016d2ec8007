import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import {
  type Case,
  type CaseResult,
  createRedactor,
  isExecutionFolderName,
  type RunSummary,
  readRegularText,
  readRunResults,
  SkillEvalError,
} from '@skill-eval/core';
import { CopyBudget, copyAgentFile, entryKind, listAgentFiles } from '@skill-eval/engine-kit/agent-files';
import type { CaseLookup } from './case-outcomes.js';
import { makeDirectory } from './make-directory.js';

import { createResultStore } from './result-store.js';
import { assertRunDirUsable, readRunSummary } from './run-dir.js';
import {
  RUN_MANIFEST_FILE,
  RUN_MANIFEST_FORMAT,
  type RunManifest,
  RunManifestSchema,
  writeRunManifest,
} from './run-manifest.js';
import { parseShard, type Shard } from './shard.js';
import { summarize } from './summarize.js';

/** Per-execution files of a run directory, copied along with each result. */
const EXECUTION_FILES = [
  (id: string) => join('transcripts', `${id}.json`),
  (id: string) => join('artifacts', id),
  (id: string) => join('recordings', `${id}.json`),
];

/**
 * Copies a shard's file or folder of one execution into the merged run through the file layer: a shard is a recorded
 * run directory, so a link, a FIFO or a device in it is never followed or opened; each is named in a warning.
 */
async function copyExecutionFile(from: string, file: string, out: string): Promise<string[]> {
  const budget = new CopyBudget({ maxFileBytes: Number.MAX_SAFE_INTEGER, maxExecutionBytes: Number.MAX_SAFE_INTEGER });
  const kind = await entryKind(from, file);
  if (!kind) return [];
  const onSkip = (rel: string, what: string) => budget.skip(`${file}/${rel}`, `it is ${what}`);
  const files =
    kind.kind === 'directory'
      ? (await listAgentFiles(join(from, file), { onSkip })).map((rel) => join(file, rel))
      : [file];
  for (const rel of files) await copyAgentFile({ root: from, rel, base: out, to: join(out, rel), budget });
  return budget.warnings.map((w) => `${from}: ${w.message}`);
}

/** What `mergeRuns` made. */
export interface MergedRun {
  summary: RunSummary;
  /** Every execution once, sorted by execution id. */
  results: CaseResult[];
  /** Problems worth telling: duplicates, missing shards, damaged lines. */
  warnings: string[];
}

interface RunDir {
  dir: string;
  results: CaseResult[];
  summary?: RunSummary;
  /** From its run.json. */
  manifest?: RunManifest;
}

/**
 * Joins run directories (the shards of one run) into `outDir`: each execution once — a finished result wins over
 * an interrupted one, else the later directory's — with its transcript, artifacts and recording; summary.json is
 * computed again from the joined results, so totals and case verdicts are those of one unsharded run.
 */
export async function mergeRuns(runDirs: readonly string[], outDir: string): Promise<MergedRun> {
  if (runDirs.length === 0) {
    throw new SkillEvalError('USAGE', 'merge needs at least one run directory.', {
      hint: 'skill-eval merge shard-1 shard-2 shard-3 shard-4 --out merged',
    });
  }
  const out = resolve(outDir);
  assertRunDirUsable(out, outDir);
  const warnings: string[] = [];
  const runs: RunDir[] = [];
  for (const dir of runDirs) runs.push(await readRunDir(resolve(dir), warnings));
  warnings.push(...shardGaps(runs));

  const chosen = new Map<string, { result: CaseResult; from: string }>();
  let duplicates = 0;
  for (const run of runs) {
    for (const result of run.results) {
      if (!isExecutionFolderName(result.executionId)) {
        // Its files would be looked for outside its own folders (`artifacts/..` is the shard itself).
        warnings.push(
          `${run.dir}: a result's execution id ${JSON.stringify(result.executionId)} is not a folder name; it was left out.`,
        );
        continue;
      }
      const earlier = chosen.get(result.executionId);
      if (earlier) duplicates++;
      if (earlier && interrupted(result) && !interrupted(earlier.result)) continue;
      chosen.set(result.executionId, { result, from: run.dir });
    }
  }
  if (duplicates)
    warnings.push(`${duplicates} execution(s) appear in more than one result line; one of each was kept.`);

  await makeDirectory(out);
  // Results were redacted when their runs wrote them; the store writes them as they are.
  const store = await createResultStore(out, createRedactor([]));
  const results = [...chosen.values()].sort((a, b) => compare(a.result.executionId, b.result.executionId));
  for (const { result, from } of results) {
    for (const file of EXECUTION_FILES.map((name) => name(result.executionId)))
      warnings.push(...(await copyExecutionFile(from, file, out)));
    await store.appendResult(result);
  }

  const summaries = runs.flatMap((run) => (run.summary ? [run.summary] : []));
  const times = (pick: (s: RunSummary) => string) => summaries.map((s) => Date.parse(pick(s))).filter(Number.isFinite);
  const startedAt = new Date(Math.min(...times((s) => s.startedAt), Date.now()));
  const finishedAt = new Date(Math.max(...times((s) => s.finishedAt), startedAt.getTime()));
  const baselineSkill = summaries.find((s) => s.benchmark?.baselineSkill)?.benchmark?.baselineSkill;
  const merged = results.map((r) => r.result);
  const summary = summarize(merged, {
    runId: `merged-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`,
    outDir: out,
    startedAt,
    finishedAt,
    interrupted: summaries.some((s) => s.interrupted),
    caseOf: caseLookupFromSummaries(summaries),
    ...(baselineSkill ? { baselineSkill } : {}),
  });
  summary.mergedFrom = runs.map((run) => run.dir);
  await store.writeSummary(summary);
  const recorded = runs.find((run) => run.manifest)?.manifest;
  if (recorded) {
    const { invocation, redactions } = recorded;
    // The joined run can be replayed or resumed as the unsharded run it stands for, written where it is now (a run
    // directory that moves later is then found in the project it moved with). Its plan is what the shards planned,
    // finished or not; with shards missing, resume checks the plan is still theirs and runs the others.
    const { shard: _shard, ...options } = (invocation.options ?? {}) as Record<string, unknown>;
    const plan = new Set([...runs.flatMap((run) => run.manifest?.plan ?? []), ...merged.map((r) => r.executionId)]);
    const shards = mergedShards(runs);
    await writeRunManifest(out, {
      format: RUN_MANIFEST_FORMAT,
      createdAt: new Date().toISOString(),
      invocation: { ...invocation, ...(invocation.runDir !== undefined ? { runDir: out } : {}), options },
      // The secrets it held stay where they were, but in what the joined run replaces (its directory and shard).
      ...(redactions ? { redactions: redactions.filter(({ path }) => !replacedByMerge(path)) } : {}),
      plan: [...plan].sort(compare),
      ...(shards ? { mergedShards: shards } : {}),
    });
  }
  return { summary, results: merged, warnings };
}

const interrupted = (result: CaseResult) => result.error?.code === 'INTERRUPTED';
const replacedByMerge = (path: readonly (string | number)[]) =>
  path[0] === 'runDir' || (path[0] === 'options' && path[1] === 'shard');
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function readRunDir(dir: string, warnings: string[]): Promise<RunDir> {
  const read = await readRunResults(dir);
  if (read === undefined) {
    throw new SkillEvalError('USAGE', `${dir} holds no results.jsonl: it is not a run directory.`, {
      hint: 'Pass the --out directories of the shard runs.',
    });
  }
  const { results, damagedLines } = read;
  if (damagedLines) warnings.push(`${dir}: ${damagedLines} damaged line(s) in results.jsonl were skipped.`);
  const summary = await readRunSummary(dir);
  if (!summary) warnings.push(`${dir} has no summary.json (an interrupted shard?); its results are merged anyway.`);
  const manifest = await readManifest(dir);
  return { dir, results, ...(summary ? { summary } : {}), ...(manifest ? { manifest } : {}) };
}

async function readManifest(dir: string): Promise<RunManifest | undefined> {
  try {
    return RunManifestSchema.parse(JSON.parse(await readRegularText(join(dir, RUN_MANIFEST_FILE))));
  } catch {
    return undefined;
  }
}

/** Shards of a split run that were not passed (or passed twice). */
function shardGaps(runs: readonly RunDir[]): string[] {
  const shards = runs.flatMap(shardsOf);
  if (shards.length === 0) return [];
  const count = Math.max(...shards.map((s) => s.count));
  const seen = new Set(shards.filter((s) => s.count === count).map((s) => s.index));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !seen.has(index));
  const mixed = shards.some((s) => s.count !== count);
  return [
    ...(missing.length
      ? [`Shard(s) ${missing.map((i) => `${i}/${count}`).join(', ')} missing: the merged run is partial.`]
      : []),
    ...(mixed ? ['The directories come from runs split different ways (--shard i/n with different n).'] : []),
  ];
}

/**
 * Which shards of how many the directories are, when each is a shard of one split (from its summary, else its
 * run.json); undefined for anything else.
 */
function mergedShards(runs: readonly RunDir[]): { count: number; indexes: number[] } | undefined {
  const shards = runs.map(shardsOf);
  const count = shards[0]?.[0]?.count;
  const indexes = new Set<number>();
  for (const shard of shards.flat()) {
    if (count === undefined || shard.count !== count) return undefined;
    indexes.add(shard.index);
  }
  if (shards.some((held) => held.length === 0)) return undefined;
  return count === undefined ? undefined : { count, indexes: [...indexes].sort((a, b) => a - b) };
}

/** The shards a directory holds: its own (from its summary, else its run.json), or those a merge of some joined. */
function shardsOf(run: RunDir): Shard[] {
  const own = run.summary?.shard ?? recordedShard(run.manifest);
  if (own) return [own];
  const merged = run.manifest?.mergedShards;
  return merged ? merged.indexes.map((index) => ({ index, count: merged.count })) : [];
}

function recordedShard(manifest: RunManifest | undefined): Shard | undefined {
  const shard = (manifest?.invocation.options as { shard?: unknown } | undefined)?.shard;
  try {
    return typeof shard === 'string' ? parseShard(shard) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Trigger verdicts need each case's `shouldTrigger` and threshold, which the results do not carry; the shards'
 * summaries recorded them per case.
 */
function caseLookupFromSummaries(summaries: readonly RunSummary[]): CaseLookup {
  const cases = new Map<string, Case>();
  for (const summary of summaries) {
    for (const outcome of summary.cases) {
      if (!outcome.trigger) continue;
      const { shouldTrigger, threshold } = outcome.trigger;
      cases.set(JSON.stringify([outcome.suiteId, outcome.caseId]), {
        shouldTrigger,
        triggerThreshold: threshold,
      } as Case);
    }
  }
  return (suiteId, caseId) => cases.get(JSON.stringify([suiteId, caseId]));
}
