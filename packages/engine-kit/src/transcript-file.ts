import { closeSync, writeSync } from 'node:fs';
import { recreateInAgentFolderSync } from './agent-files/agent-folder-file.js';

/** An append-only transcript file in the artifacts dir. */
export interface TranscriptFile {
  /** Appends one line (a newline is added). */
  writeLine(line: string): void;
  /** Closes the file; never throws. */
  close(): Promise<void>;
}

/**
 * Opens `path` for writing (whatever is at the name is replaced, never written through); open and write errors become one
 * warning in `warnings` instead of failing the run. Lines go out in synchronous writes: each is on disk as soon as
 * it is written (a crashed run keeps its transcript), and a short run does not pay a stream's set-up and teardown.
 */
export function openTranscript(path: string, warnings: string[]): TranscriptFile {
  let fd: number | undefined;
  let failed = false;
  const fault = (error: unknown) => {
    failed = true;
    warnings.push(`could not write ${path}: ${(error as Error).message}`);
  };
  try {
    // The artifacts folder is the agent's too: a link a setup step left at the name is replaced, not followed.
    fd = recreateInAgentFolderSync(path);
  } catch (error) {
    fault(error);
  }
  return {
    writeLine: (line) => {
      if (failed || fd === undefined) return;
      try {
        const bytes = Buffer.from(`${line}\n`);
        for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      } catch (error) {
        fault(error);
      }
    },
    close: async () => {
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
