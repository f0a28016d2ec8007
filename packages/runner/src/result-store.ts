import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaseResult, RunSummary, Session } from '@skill-eval/core';
import type { Redactor } from './redact.js';

/** Where a run's files go: `results.jsonl`, `summary.json`, `transcripts/`, `artifacts/`. Everything written is redacted. */
export interface ResultStore {
  readonly outDir: string;
  /** Directory an engine may write raw output for one execution to (created). */
  artifactsDir(executionId: string): Promise<string>;
  /** Writes the full session; returns its path relative to `outDir`. */
  writeTranscript(executionId: string, session: Session): Promise<string>;
  /** Appends one line to results.jsonl. */
  appendResult(result: CaseResult): Promise<void>;
  /** Writes summary.json atomically (temp file, then rename). */
  writeSummary(summary: RunSummary): Promise<void>;
}

export async function createResultStore(outDir: string, redact: Redactor): Promise<ResultStore> {
  await mkdir(join(outDir, 'transcripts'), { recursive: true });
  const resultsFile = join(outDir, 'results.jsonl');
  // Appends are chained so concurrent executions never interleave inside one line.
  let appending: Promise<void> = Promise.resolve();
  return {
    outDir,
    async artifactsDir(executionId) {
      const dir = join(outDir, 'artifacts', executionId);
      await mkdir(dir, { recursive: true });
      return dir;
    },
    async writeTranscript(executionId, session) {
      const rel = `transcripts/${executionId}.json`;
      await writeFile(join(outDir, rel), `${JSON.stringify(redact(session), null, 2)}\n`);
      return rel;
    },
    appendResult(result) {
      const line = `${JSON.stringify(redact(result))}\n`;
      appending = appending.then(() => appendFile(resultsFile, line));
      return appending;
    },
    async writeSummary(summary) {
      const file = join(outDir, 'summary.json');
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, `${JSON.stringify(redact(summary), null, 2)}\n`);
      await rename(temp, file);
    },
  };
}
