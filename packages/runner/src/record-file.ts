import { createHash } from 'node:crypto';
import { closeSync, writeSync } from 'node:fs';
import type { RecordLines, Redactor } from '@skill-eval/core';
import { createHarnessFileSync } from '@skill-eval/engine-kit/agent-files';
import { type RunDirLedger, sha256 } from './run-dir-ledger.js';

/**
 * The run directory a record file goes into, its ledger, and the run's redactor; `made` holds the folders below
 * `outDir` that one execution's record files were created in so far, each made and checked once (no link on the way).
 */
export interface RecordTarget {
  outDir: string;
  ledger: RunDirLedger;
  redact: Redactor;
  made?: Set<string>;
}

/**
 * Creates the record file `path` (below the run directory; new, so nothing already at the name is written through) for
 * lines: each redacted and written at once, and the ledger given the hash of what the file holds when the seal asks —
 * an engine that never closes it still leaves a file the run's seal accepts. Throws when it cannot be created, or a
 * line written.
 */
export function createRecordLines({ outDir, ledger, redact, made }: RecordTarget, path: string): RecordLines {
  let fd: number | undefined = createHarnessFileSync(outDir, path, made);
  const hash = createHash('sha256');
  ledger.record(path, () => hash.copy().digest('hex'));
  return {
    path,
    writeLine(line) {
      if (fd === undefined) return;
      const bytes = Buffer.from(`${redact.text(line)}\n`);
      writeAll(fd, bytes);
      hash.update(bytes);
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/** Writes `text`, redacted, as the new record file `path`, and records it in the ledger; throws when it cannot. */
export function writeRecordFile({ outDir, ledger, redact, made }: RecordTarget, path: string, text: string): void {
  const bytes = Buffer.from(redact.text(text));
  const fd = createHarnessFileSync(outDir, path, made);
  try {
    writeAll(fd, bytes);
  } finally {
    closeSync(fd);
  }
  ledger.record(path, sha256(bytes));
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
}
