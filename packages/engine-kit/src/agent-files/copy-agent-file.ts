import { createHash } from 'node:crypto';
import { closeSync, readSync, rmSync, writeSync } from 'node:fs';
import { type FileHandle, rm } from 'node:fs/promises';
import type { CopyBudget } from './copy-budget.js';
import { createHarnessFile, createHarnessFileSync } from './harness-file.js';
import { isRefusal, openInside, openInsideSync, type Refusal } from './open-inside.js';
import { replaceSecrets } from './secret-replacer.js';

const CHUNK = 64 * 1024;
/** A run of zeros at least this long is left as a hole: a sparse file is copied sparse. */
const HOLE = 4096;
const ZEROS = Buffer.alloc(CHUNK);

export interface CopyOptions {
  /** What the file is copied out of: an agent's folder. */
  root: string;
  /** The file, relative to `root`. */
  rel: string;
  /** A folder only the harness writes, and the new file below it. */
  base: string;
  to: string;
  budget: CopyBudget;
  /** Secrets to replace by `[REDACTED]` on the way (see secretPatterns). */
  patterns?: readonly Buffer[];
  /** The folders below `base` this batch of copies has made already (see createHarnessFile). */
  made?: Set<string>;
}

/**
 * Copies the regular file `rel` of an agent's folder into a new file the harness owns, secrets replaced while it is
 * copied — the agent's folder is only read. One descriptor, opened without following links, serves from the check to
 * the last byte; the file is read up to the size fstat gave when it was checked (and within the budget's caps), and
 * runs of zeros are left as holes. Returns the sha256 of what was written, or undefined when the budget got a warning
 * naming the file instead.
 */
export async function copyAgentFile(options: CopyOptions): Promise<string | undefined> {
  const small = copySmallFile(options);
  if (small !== LARGER) return small;
  const { rel, budget } = options;
  const opened = await openInside(options.root, rel);
  if (skippedAsRefused(opened, options)) return undefined;
  const { handle, stats } = opened;
  let out: FileHandle | undefined;
  try {
    if (!budget.take(rel, stats.size)) return undefined;
    out = await createHarnessFile(options.base, options.to, 0o644, options.made);
    return await pump(handle, out, stats.size, options.patterns ?? []);
  } catch (error) {
    if (out) await rm(options.to, { force: true });
    budget.skip(rel, (error as Error).message);
    return undefined;
  } finally {
    await out?.close().catch(() => undefined);
    await handle.close();
  }
}

/** True when the file was refused; the budget then names it, unless it was simply not there. */
function skippedAsRefused<T extends object>(opened: T | Refusal, { rel, budget }: CopyOptions): opened is Refusal {
  if (!isRefusal(opened)) return false;
  if (opened.refused !== 'missing') budget.skip(rel, opened.message.replace(`${rel} `, 'it '));
  return true;
}

/** Said by {@link copySmallFile} of a file of more than one chunk, which is copied in steps instead. */
const LARGER = Symbol('larger than one chunk');

/**
 * The copy of a file of one chunk at most — nearly every file an execution leaves (its prompt, input, transcript,
 * logs) — done in one stretch of this thread: the same checks as the copy in steps, without a thread-pool round trip
 * for each of its ten calls. Its few kilobytes are written whole (a hole is never worth it at this size).
 */
function copySmallFile(options: CopyOptions): string | undefined | typeof LARGER {
  const { rel, budget } = options;
  const opened = openInsideSync(options.root, rel);
  if (skippedAsRefused(opened, options)) return undefined;
  const { fd, stats } = opened;
  let out: number | undefined;
  try {
    if (stats.size > CHUNK) return LARGER;
    if (!budget.take(rel, stats.size)) return undefined;
    const bytes = Buffer.allocUnsafe(stats.size);
    // What fstat said, as in the copy in steps: a file still growing is copied as it was when checked.
    let got = 0;
    while (got < bytes.length) {
      const read = readSync(fd, bytes, got, bytes.length - got, got);
      if (read === 0) break;
      got += read;
    }
    const parts = replaceSecrets(bytes.subarray(0, got), options.patterns ?? [], true).parts;
    out = createHarnessFileSync(options.base, options.to, options.made);
    const hash = createHash('sha256');
    for (const part of parts) {
      hash.update(part);
      for (let done = 0; done < part.length; ) done += writeSync(out, part, done, part.length - done);
    }
    return hash.digest('hex');
  } catch (error) {
    if (out !== undefined) rmSync(options.to, { force: true });
    budget.skip(rel, (error as Error).message);
    return undefined;
  } finally {
    if (out !== undefined) closeSync(out);
    closeSync(fd);
  }
}

/** Reads `size` bytes of `from`, replaces the secrets, writes the rest to `to` (zeros as holes); the sha256 of it. */
async function pump(from: FileHandle, to: FileHandle, size: number, patterns: readonly Buffer[]): Promise<string> {
  const hash = createHash('sha256');
  // Most artifacts are small: a buffer of the file's size, not a whole chunk, for each.
  const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK, size)));
  let position = 0;
  let written = 0;
  /** Where the last bytes written end: a hole after it is made by the file's length. */
  let end = 0;
  let pending: Buffer = Buffer.alloc(0);
  const put = async (parts: readonly Buffer[]) => {
    for (const part of parts) {
      hash.update(part);
      const hole = part.length >= HOLE && part.length <= CHUNK && part.equals(ZEROS.subarray(0, part.length));
      if (!hole) {
        for (let done = 0; done < part.length; )
          done += (await to.write(part, done, part.length - done, written + done)).bytesWritten;
        end = written + part.length;
      }
      written += part.length;
    }
  };
  while (position < size) {
    const { bytesRead } = await from.read(buffer, 0, Math.min(buffer.length, size - position), position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const chunk = buffer.subarray(0, bytesRead);
    if (patterns.length === 0) {
      await put([chunk]);
      continue;
    }
    const { parts, rest } = replaceSecrets(
      pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk),
      patterns,
      false,
    );
    await put(parts);
    pending = Buffer.from(rest);
  }
  if (pending.length) await put(replaceSecrets(pending, patterns, true).parts);
  // A hole at the end is kept by the file's length.
  if (written > end) await to.truncate(written);
  return hash.digest('hex');
}
