import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CaseResult, makeDirectory, type RunSummary, type Session } from '@skill-eval/core';
import type { Redactor } from './redact.js';
import { redactFiles } from './redact-files.js';

/** Where a run's files go: `results.jsonl`, `summary.json`, `transcripts/`, `artifacts/`. Everything written is redacted. */
export interface ResultStore {
  readonly outDir: string;
  /** Directory an engine may write raw output for one execution to (created). */
  artifactsDir(executionId: string): Promise<string>;
  /** Replaces the secrets in what was written to an execution's artifacts as it was (raw transcripts, logs, files). */
  redactArtifacts(executionId: string): Promise<void>;
  /** Writes the full session; returns its path relative to `outDir`. */
  writeTranscript(executionId: string, session: Session): Promise<string>;
  /** Writes a transcript that is already JSON (a cached one), redacted like any other; returns its path. */
  copyTranscript(executionId: string, json: string): Promise<string>;
  /**
   * Appends one line to results.jsonl, in one write that has reached the file when the promise resolves; resolves
   * to the result as written (redacted), which is what the run reports.
   */
  appendResult(result: CaseResult): Promise<CaseResult>;
  /** Writes summary.json atomically (temp file, then rename). */
  writeSummary(summary: RunSummary): Promise<void>;
}

export async function createResultStore(outDir: string, redact: Redactor): Promise<ResultStore> {
  await makeDirectory(join(outDir, 'transcripts'));
  const resultsFile = join(outDir, 'results.jsonl');
  // One descriptor serves the whole run, and each line goes out in one synchronous write: lines never interleave, and
  // a run of cached results does not pay a file open and a thread-pool round trip per line. It is opened now, so a
  // run with nothing to run (a shard the split left empty) still leaves the results.jsonl of a run directory.
  let fd: number | undefined = openSync(resultsFile, 'a');
  const writeTranscriptText = (executionId: string, text: string): string => {
    const rel = `transcripts/${executionId}.json`;
    // Written synchronously: a thread-pool round trip costs more than the write, which a cached run does per result.
    writeFileSync(join(outDir, rel), text);
    return rel;
  };
  return {
    outDir,
    async artifactsDir(executionId) {
      const dir = join(outDir, 'artifacts', executionId);
      // Synchronous: a couple of syscalls, cheaper than a thread-pool round trip per execution.
      mkdirSync(dir, { recursive: true });
      return dir;
    },
    redactArtifacts(executionId) {
      return redactFiles(join(outDir, 'artifacts', executionId), redact.secrets);
    },
    async writeTranscript(executionId, session) {
      return writeTranscriptText(executionId, `${JSON.stringify(redact(session), null, 2)}\n`);
    },
    async copyTranscript(executionId, json) {
      // Without secrets to replace, the text is written as it is: a cached run copies one per result.
      return writeTranscriptText(
        executionId,
        redact.inert ? json : `${JSON.stringify(redact(JSON.parse(json)), null, 2)}\n`,
      );
    },
    async appendResult(result) {
      fd ??= openSync(resultsFile, 'a');
      const written = redact(result);
      const line = Buffer.from(`${JSON.stringify(written)}\n`);
      for (let done = 0; done < line.length; ) done += writeSync(fd, line, done);
      return written;
    },
    async writeSummary(summary) {
      // The summary ends the run: no line follows it, so the descriptor is let go.
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      const file = join(outDir, 'summary.json');
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, `${JSON.stringify(redact(summary), null, 2)}\n`);
      await rename(temp, file);
    },
  };
}
