import { closeSync, lstatSync, openSync, type Stats, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type CaseResult,
  isMissingFile,
  type Redaction,
  type ResultLine,
  type RunSummary,
  RunSummarySchema,
  readRegularText,
  resultLinesOf,
  SkillEvalError,
} from '@skill-eval/core';
import { writeHarnessFileAtomically, writeHarnessFileAtomicallySync } from '@skill-eval/engine-kit/agent-files';
import { makeDirectorySync } from './make-directory.js';
import {
  RUN_MANIFEST_FILE,
  RUN_MANIFEST_FORMAT,
  readRunManifest,
  runManifestText,
  writeRunManifest,
} from './run-manifest.js';
import { shardOfEach } from './shard.js';

/** What run.json records of a new run. */
export interface StartRunDirOptions {
  /** Written to run.json for a new run: what the caller needs to plan it again (redacted). */
  invocation?: Record<string, unknown>;
  /** Where `invocation` held secrets, by the variables they came from (see redactRecorded). */
  redactions?: Redaction[];
  harnessVersion?: string;
}

/** The error for a run directory that another run has taken; `shown` is how the user wrote it. */
const holdsRunAlready = (shown: string): SkillEvalError =>
  new SkillEvalError('USAGE', `${shown} already holds a run.`, {
    hint: 'Choose another --out directory; existing results are never overwritten.',
  });

/**
 * Throws a usage error unless `outDir` can hold this run's results: no run there already (one started, even with no
 * result yet, unless `resume`), and neither it nor a folder above it a file. `shown` is how the user wrote it.
 */
export function assertRunDirUsable(outDir: string, shown: string, { resume = false } = {}): void {
  for (let path = outDir; ; path = dirname(path)) {
    const info = existing(path);
    if (info && !info.isDirectory()) {
      const where = path === outDir ? `${shown} is a file` : `${shown} lies below ${path}, which is a file`;
      throw new SkillEvalError('USAGE', `${where}, not a directory.`, {
        hint: 'Choose another --out directory: a new one (it is created) or one that holds no run.',
      });
    }
    if (info || dirname(path) === path) break;
  }
  if (!resume && [RUN_MANIFEST_FILE, 'results.jsonl'].some((file) => isTaken(join(outDir, file)))) {
    throw holdsRunAlready(shown);
  }
}

/** Whether anything is at `path`, a link included (even one to nothing, which appending to would make). */
function isTaken(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** What is at `path`, or undefined when nothing is (a path below a file included). */
function existing(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * The results an interrupted run kept, by execution id. Lines are dropped (and the file rewritten without them)
 * when they cannot count as a result: a last line cut off mid-write, an `INTERRUPTED` execution, or a repeat.
 * The file is read line by line, twice when lines are dropped: it may be larger than a string can hold.
 */
export async function loadFinishedResults(outDir: string): Promise<Map<string, CaseResult>> {
  const file = join(outDir, 'results.jsonl');
  const finished = new Map<string, CaseResult>();
  let dropped = 0;
  try {
    for await (const line of resultLinesOf(file)) {
      if (countsAsFinished(line, finished)) finished.set(line.result.executionId, line.result);
      else dropped++;
    }
  } catch (error) {
    if (isMissingFile(error)) return finished;
    throw error;
  }
  // Written whole in its place, a line at a time (it may be larger than a string), through nothing planted.
  if (dropped > 0) await writeHarnessFileAtomically(outDir, file, finishedLines(file));
  return finished;
}

/** Whether a line is a finished result: whole, not `INTERRUPTED`, and the first of its execution in `earlier`. */
function countsAsFinished(
  line: ResultLine,
  earlier: { has(executionId: string): boolean },
): line is ResultLine & { result: CaseResult } {
  const { complete, result } = line;
  return complete && result !== undefined && result.error?.code !== 'INTERRUPTED' && !earlier.has(result.executionId);
}

/** The lines of `file` that loadFinishedResults keeps, each with its newline. */
async function* finishedLines(file: string): AsyncGenerator<string> {
  const kept = new Set<string>();
  for await (const line of resultLinesOf(file)) {
    if (!countsAsFinished(line, kept)) continue;
    kept.add(line.result.executionId);
    yield `${line.text}\n`;
  }
}

/**
 * Starts a run directory: takes it for this run, then writes run.json with the plan (`invocation` and
 * `harnessVersion` with it). Taking it is creating run.json exclusively, so that of two runs started into one
 * directory together only one gets it: the other fails as it would had the first been there before.
 */
export async function startRunDir(outDir: string, plan: readonly string[], options: StartRunDirOptions): Promise<void> {
  // In one stretch of the thread: a few small files, for which each thread-pool round trip would cost more than the
  // write (about a millisecond each on a busy machine, where a cached re-run takes a few hundred).
  makeDirectorySync(outDir);
  const manifestFile = join(outDir, RUN_MANIFEST_FILE);
  try {
    closeSync(openSync(manifestFile, 'wx'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw holdsRunAlready(outDir);
    throw error;
  }
  // Written whole in its place (temp file, then rename), like every later rewrite of it.
  writeHarnessFileAtomicallySync(
    outDir,
    manifestFile,
    runManifestText({
      format: RUN_MANIFEST_FORMAT,
      ...(options.harnessVersion ? { harnessVersion: options.harnessVersion } : {}),
      createdAt: new Date().toISOString(),
      invocation: options.invocation ?? {},
      redactions: options.redactions ?? [],
      plan: [...plan],
    }),
  );
}

/** What a resumed run keeps of its earlier part(s), so that it stays the same run. */
export interface EarlierPart {
  /** The run's id, when its earlier part wrote a summary. */
  runId?: string;
  /** When the run first started. */
  startedAt: Date;
  /** Time the earlier part(s) spent running. */
  durationMs: number;
  /** The run directories it was merged from (`skill-eval merge`). */
  mergedFrom?: string[];
}

/** A run directory reopened by `resumeRunDir`. */
export interface ResumedRunDir {
  /** Results already held, by execution id: only the other executions run. */
  finished: Map<string, CaseResult>;
  earlier: EarlierPart;
}

/**
 * Reopens a run directory to continue it: the plan must be the one run.json recorded — or, for a run merged from
 * some shards of a split run, those shards of it, and run.json then records the whole plan. Returns the results it
 * already holds, so that only the missing executions run, and what the summary keeps of the run's earlier part.
 */
export async function resumeRunDir(outDir: string, plan: readonly string[]): Promise<ResumedRunDir> {
  const manifest = await readRunManifest(outDir);
  const recorded = new Set(manifest.plan);
  const now = new Set(plan);
  const gone = manifest.plan.filter((id) => !now.has(id));
  const added = plan.filter((id) => !recorded.has(id));
  if (gone.length || added.length) {
    const { mergedShards, ...whole } = manifest;
    if (gone.length || !mergedShards || !isShardsOf(recorded, plan, mergedShards)) {
      const examples = [...gone.map((id) => `-${id}`), ...added.map((id) => `+${id}`)].slice(0, 3).join(', ');
      throw new SkillEvalError(
        'BAD_INPUT',
        `The run in ${outDir} planned other executions than the eval files give now (${gone.length} gone, ${added.length} new: ${examples}).`,
        { hint: 'The eval files or options changed since the run started; start a new run instead of resuming.' },
      );
    }
    // The missing shards join the plan: from here on the directory holds an interrupted unsharded run.
    await writeRunManifest(outDir, { ...whole, plan: [...plan] });
  }
  const finished = await loadFinishedResults(outDir);
  await dropUnfinishedArtifacts(outDir, plan, finished);
  return { finished, earlier: await earlierPart(outDir, manifest.createdAt, finished) };
}

/**
 * Removes what the executions without a result left in `artifacts/` (a part killed mid-way): they run again from the
 * start, and their files must be those of that run alone — a log appended to would show the earlier attempt too.
 */
async function dropUnfinishedArtifacts(
  outDir: string,
  plan: readonly string[],
  finished: ReadonlyMap<string, CaseResult>,
): Promise<void> {
  const unfinished = plan.filter((id) => !finished.has(id));
  await Promise.all(unfinished.map((id) => rm(join(outDir, 'artifacts', id), { recursive: true, force: true })));
}

/**
 * Whether `recorded` is exactly the shards `indexes` of `plan` split `count` ways — what a merge of those shards
 * planned. An eval file changed since deals the executions out differently, which this tells apart.
 */
function isShardsOf(
  recorded: ReadonlySet<string>,
  plan: readonly string[],
  { count, indexes }: { count: number; indexes: readonly number[] },
): boolean {
  const merged = new Set(indexes);
  for (const [id, shard] of shardOfEach(plan, count)) if (recorded.has(id) !== merged.has(shard)) return false;
  return true;
}

/**
 * The earlier part of a resumed run, from its summary.json. A part that left none (killed outright) started when
 * run.json was written and ran until its last result ended.
 */
async function earlierPart(
  outDir: string,
  createdAt: string,
  finished: ReadonlyMap<string, CaseResult>,
): Promise<EarlierPart> {
  const summary = await readRunSummary(outDir);
  if (summary) {
    return {
      runId: summary.runId,
      startedAt: new Date(summary.startedAt),
      durationMs: summary.durationMs,
      ...(summary.mergedFrom ? { mergedFrom: summary.mergedFrom } : {}),
    };
  }
  const startedAt = Date.parse(createdAt);
  const ends = [...finished.values()].map((r) => Date.parse(r.startedAt) + r.durationMs).filter(Number.isFinite);
  return { startedAt: new Date(startedAt), durationMs: Math.max(0, ...ends.map((end) => end - startedAt)) };
}

/** A run directory's summary.json; undefined when it has none, or one that cannot be read. */
export async function readRunSummary(runDir: string): Promise<RunSummary | undefined> {
  try {
    return RunSummarySchema.parse(JSON.parse(await readRegularText(join(runDir, 'summary.json'))));
  } catch {
    return undefined;
  }
}
