import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { redactFiles } from './redact-files.js';

/** How {@link keepArtifacts} copies. */
export interface KeepOptions {
  /** The secrets to replace in the files' contents. */
  secrets: readonly string[];
  /** Where the file `rel` (relative to what is copied from, `/`-separated) goes: an absolute path. */
  place(rel: string): string;
  /** Told of each file copied, with its sha256. */
  record(path: string, sha256: string): void;
}

/**
 * Copies the regular files below `from` (what an execution's engine, setup and teardown wrote, outside the run
 * directory) into the run directory, their secrets replaced first. Links, FIFOs and devices are not copied — a link
 * would reach outside, a FIFO would never end. Returns where each went: `/`-separated path relative to `from` → the
 * absolute path it was copied to.
 */
export async function keepArtifacts(from: string, options: KeepOptions): Promise<Map<string, string>> {
  const kept = new Map<string, string>();
  const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  if (files.length === 0) return kept;
  await redactFiles(from, options.secrets);
  for (const file of files) {
    const rel = relative(from, file).split(sep).join('/');
    const target = options.place(rel);
    await mkdir(dirname(target), { recursive: true });
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(createReadStream(file), hashing, createWriteStream(target));
    } catch {
      // A file redactFiles could not read was removed by it: it is not kept.
      await rm(target, { force: true });
      continue;
    }
    options.record(target, hash.digest('hex'));
    kept.set(rel, target);
  }
  return kept;
}
