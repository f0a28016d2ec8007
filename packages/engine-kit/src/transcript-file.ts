import { closeSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineRunInput } from '@skill-eval/core';
import { recreateInAgentFolderSync } from './agent-files/agent-folder-file.js';

/** An append-only raw transcript of one execution. */
export interface TranscriptFile {
  /** Where it is in the artifacts dir, where grading scripts are told it is (`EVAL_TRANSCRIPT_PATH`). */
  readonly path: string;
  /** Appends one line (a newline is added). */
  writeLine(line: string): void;
  /** Closes the file; never throws. */
  close(): void;
}

/**
 * Opens the execution's raw transcript `name` in `input.artifactsDir`, where the execution's grading scripts read it
 * (in a sandbox too: the folder is mounted there) — and, when the runner gives the execution's record
 * (`input.record`), line for line into the run directory as well: the run keeps that one, as the engine wrote it, and
 * leaves the agent's folder's copy, which the agent could have changed, where it is.
 */
export function openTranscript(
  input: Pick<EngineRunInput, 'record' | 'artifactsDir'>,
  name: string,
  warnings: string[],
): TranscriptFile {
  const own = openAgentFolderTranscript(join(input.artifactsDir, name), warnings);
  if (!input.record) return own;
  const kept = input.record.openLines(name);
  return {
    path: own.path,
    writeLine: (line) => {
      own.writeLine(line);
      kept.writeLine(line);
    },
    close: () => {
      own.close();
      kept.close();
    },
  };
}

/**
 * A transcript in the artifacts dir, which the agent can write too (whatever is at the name is replaced, never written
 * through); open and write errors become one warning in `warnings` instead of failing the run. Lines go out in
 * synchronous writes: each is on disk as soon as it is written (a crashed run keeps its transcript), and a short run
 * does not pay a stream's set-up and teardown.
 */
function openAgentFolderTranscript(path: string, warnings: string[]): TranscriptFile {
  let fd: number | undefined;
  let failed = false;
  const fault = (error: unknown) => {
    failed = true;
    warnings.push(`could not write ${path}: ${(error as Error).message}`);
  };
  try {
    // A link a setup step left at the name is replaced, not followed.
    fd = recreateInAgentFolderSync(path);
  } catch (error) {
    fault(error);
  }
  return {
    path,
    writeLine: (line) => {
      if (failed || fd === undefined) return;
      try {
        const bytes = Buffer.from(`${line}\n`);
        for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      } catch (error) {
        fault(error);
      }
    },
    close: () => {
      if (fd === undefined) return;
      try {
        closeSync(fd);
      } catch (error) {
        fault(error);
      }
      fd = undefined;
    },
  };
}
