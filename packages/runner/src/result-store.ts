import { createHash, type Hash } from 'node:crypto';
import { closeSync, lstatSync } from 'node:fs';
import { type FileHandle, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type CaseResult,
  isMissingFile,
  jsonMayHoldSecret,
  openRegularFile,
  type RecordLines,
  type Redactor,
  RUN_MANIFEST_FILE,
  type RunSummary,
  readRegularTextSync,
  type Session,
} from '@skill-eval/core';
import {
  makeFoldersSync,
  openHarnessFileForAppendSync,
  writeHarnessFileAtomically,
  writeHarnessFileAtomicallySync,
  writeNewHarnessFileSync,
  writeWholeSync,
} from '@skill-eval/engine-kit/agent-files';
import { type KeepOptions, keepArtifacts } from './keep-artifacts.js';
import { makeDirectorySync } from './make-directory.js';
import { createRecordLines, writeRecordFile } from './record-file.js';
import { RunDirLedger, sha256, sha256OfRegularFile } from './run-dir-ledger.js';

/**
 * Where a run's files go: `results.jsonl`, `summary.json`, `transcripts/`, `artifacts/`. Everything written is
 * redacted, and only the harness writes here: an execution's engine, setup and teardown write to a folder of its own
 * outside the run directory, which `keepArtifacts` copies in once they have ended.
 */
export interface ResultStore {
  readonly outDir: string;
  /**
   * Copies what an execution left in `from` (raw transcripts, logs), or the workspace files `options.files` (collected
   * artifacts, under `collected/`), into `artifacts/<execution>/` through the file layer: secrets replaced in contents
   * and names, regular files only, within the budget's caps (see keepArtifacts); returns where each file went: path
   * relative to `from` (with `under` in front) → absolute path.
   */
  keepArtifacts(
    executionId: string,
    from: string,
    options?: Pick<KeepOptions, 'files' | 'under' | 'budget' | 'except'>,
  ): Promise<Map<string, string>>;
  /**
   * Creates the file `name` of an execution's record, `artifacts/<execution>/<name>` (new: nothing already at the name
   * is written through), to be written a line at a time: each line redacted and on disk when written, the ledger kept
   * to what the file holds. Throws when it cannot be created; a line that cannot be written throws too.
   */
  createRecordLines(executionId: string, name: string, made?: Set<string>): RecordLines;
  /**
   * Writes `text`, redacted, as the new file `name` of an execution's record; throws when it cannot. `made`, here and
   * in `createRecordLines`: the folders the same execution's record files were created in, made and checked once.
   */
  writeRecordFile(executionId: string, name: string, text: string, made?: Set<string>): void;
  /** Where `keepArtifacts` puts the file `rel` (relative to what it copies from) of an execution: an absolute path. */
  artifactPath(executionId: string, rel: string): string;
  /** Removes what an execution kept in `artifacts/` (an attempt retried from the start). */
  dropArtifacts(executionId: string): Promise<void>;
  /** Writes the full session; returns its path relative to `outDir`. */
  writeTranscript(executionId: string, session: Session): Promise<string>;
  /** Writes a transcript that is already JSON (a cached one), redacted like any other; returns its path. */
  copyTranscript(executionId: string, json: string): Promise<string>;
  /**
   * Appends one line to results.jsonl, in one write that has reached the file when the promise resolves; resolves
   * to the result as written (redacted), which is what the run reports.
   */
  appendResult(result: CaseResult): Promise<CaseResult>;
  /**
   * Checks the run directory against what the harness wrote into it (see RunDirLedger): files changed or added by
   * something else are removed, results.jsonl and run.json written again from the harness's own copy. Returns what
   * was found, relative to the run directory. For the end of a run in which agents ran, before its summary.
   */
  seal(): Promise<string[]>;
  /** Writes summary.json atomically (temp file, then rename). */
  writeSummary(summary: RunSummary): Promise<void>;
}

/**
 * `earlier`: the results results.jsonl holds already, in file order (a resumed run's). The run directory may be
 * someone else's (a resumed run committed with a project, a shard handed over to merge): nothing in it is written
 * through a link, nor read through one (see the file layer in docs/security.md).
 */
export async function createResultStore(
  outDir: string,
  redact: Redactor,
  earlier: readonly CaseResult[] = [],
): Promise<ResultStore> {
  const madeFolders = makeRunFolders(outDir);
  const ledger = new RunDirLedger(outDir);
  const resultsFile = join(outDir, 'results.jsonl');
  const manifestFile = join(outDir, RUN_MANIFEST_FILE);
  const manifest = readManifest(manifestFile);
  // What results.jsonl holds, as the harness wrote it: a hash of its bytes so far, and the results they are.
  const resultsHash = await hashOfResults(resultsFile);
  const held = [...earlier];
  // One descriptor serves the whole run, and each line goes out in one synchronous write: lines never interleave, and
  // a run of cached results does not pay a file open and a thread-pool round trip per line. It is opened now, so a
  // run with nothing to run (a shard the split left empty) still leaves the results.jsonl of a run directory.
  let fd: number | undefined = openHarnessFileForAppendSync(resultsFile);
  const writeTranscriptText = (executionId: string, text: string): string => {
    const rel = `transcripts/${executionId}.json`;
    const path = join(outDir, rel);
    // Written synchronously: a thread-pool round trip costs more than the write, which a cached run does per result.
    // Readers find a transcript through its result's line, appended after it is whole: it is written in place.
    writeNewHarnessFileSync(outDir, path, text, { made: madeFolders });
    ledger.record(path, sha256(text));
    return rel;
  };
  const artifactsOf = (executionId: string) => join(outDir, 'artifacts', executionId);
  const artifactPath = (executionId: string, rel: string) => join(artifactsOf(executionId), redact.text(rel));
  const record = { outDir, ledger, redact };
  return {
    outDir,
    keepArtifacts(executionId, from, options) {
      return keepArtifacts(from, {
        ...options,
        secrets: redact.secrets,
        base: outDir,
        place: (rel) => artifactPath(executionId, rel),
        record: (path, hash) => ledger.record(path, hash),
      });
    },
    artifactPath,
    createRecordLines: (executionId, name, made) =>
      createRecordLines({ ...record, made }, artifactPath(executionId, name)),
    writeRecordFile: (executionId, name, text, made) =>
      writeRecordFile({ ...record, made }, artifactPath(executionId, name), text),
    async dropArtifacts(executionId) {
      await rm(artifactsOf(executionId), { recursive: true, force: true });
      ledger.forget(artifactsOf(executionId));
    },
    async writeTranscript(executionId, session) {
      return writeTranscriptText(executionId, `${JSON.stringify(redact(session), null, 2)}\n`);
    },
    async copyTranscript(executionId, json) {
      // Text that can hold none of the run's secrets is written as it is: a cached run copies one per result, and
      // most runs have a key in their environment that no transcript holds.
      return writeTranscriptText(
        executionId,
        jsonMayHoldSecret(json, redact.secrets) ? `${JSON.stringify(redact(JSON.parse(json)), null, 2)}\n` : json,
      );
    },
    async appendResult(result) {
      fd ??= openHarnessFileForAppendSync(resultsFile);
      const { written, line } = resultLine(result, redact);
      writeWholeSync(fd, line);
      resultsHash.update(line);
      held.push(written);
      return written;
    },
    async seal() {
      ledger.record(resultsFile, resultsHash.copy().digest('hex'));
      if (manifest !== undefined) ledger.record(manifestFile, sha256(manifest));
      const found = await ledger.seal();
      if (sha256OfRegularFile(resultsFile) !== resultsHash.copy().digest('hex')) {
        if (fd !== undefined) closeSync(fd);
        fd = undefined;
        await writeAtomically(resultsFile, held.map((result) => `${JSON.stringify(result)}\n`).join(''));
      }
      // The seal removed a run.json changed or replaced by something else (a link is never followed): written again.
      if (manifest !== undefined && sha256OfRegularFile(manifestFile) !== sha256(manifest))
        await writeAtomically(manifestFile, manifest);
      return found;
    },
    async writeSummary(summary) {
      // The summary ends the run: no line follows it, so the descriptor is let go.
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      // The one file left to write, in one stretch of the thread (see above).
      writeHarnessFileAtomicallySync(
        outDir,
        join(outDir, 'summary.json'),
        `${JSON.stringify(redact(summary), null, 2)}\n`,
      );
    },
  };
}

/** A file of the run directory, written whole in its place through nothing planted there. */
function writeAtomically(file: string, data: string): Promise<void> {
  return writeHarnessFileAtomically(dirname(file), file, data);
}

/**
 * Makes the run directory and its `transcripts/` (or finds them, with no link on the way), in one stretch of the
 * thread as the run directory was started (run-dir.ts). Returns the folders made and checked: each transcript is then
 * written into them without checking them again. The run directory is the user's (--out): made as one, without the
 * recursive mkdir that spins below /proc.
 */
function makeRunFolders(outDir: string): Set<string> {
  makeDirectorySync(outDir);
  const made = new Set<string>();
  makeFoldersSync(outDir, join(outDir, 'transcripts'), made);
  return made;
}

/**
 * A result as results.jsonl holds it, redacted, and its line. Serialised first: a result whose text holds none of the
 * run's secrets is written as it is, unwalked.
 */
function resultLine(result: CaseResult, redact: Redactor): { written: CaseResult; line: string } {
  const line = `${JSON.stringify(result)}\n`;
  if (!jsonMayHoldSecret(line, redact.secrets)) return { written: result, line };
  const written = redact(result);
  return { written, line: `${JSON.stringify(written)}\n` };
}

/** run.json as the run directory holds it: read as a regular file only; undefined when there is none. */
function readManifest(file: string): string | undefined {
  try {
    return readRegularTextSync(file);
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
}

/** A sha256 of what results.jsonl holds now, read as a regular file (none when there is no file yet). */
async function hashOfResults(file: string): Promise<Hash> {
  const hash = createHash('sha256');
  // A new run has no results.jsonl yet: nothing to open (nothing at the name, not even a link).
  if (!lstatSync(file, { throwIfNoEntry: false })) return hash;
  let handle: FileHandle;
  try {
    handle = await openRegularFile(file);
  } catch (error) {
    if (isMissingFile(error)) return hash;
    throw error;
  }
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk as Buffer);
  } finally {
    await handle.close();
  }
  return hash;
}
