import { createHash, hash } from 'node:crypto';
import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  unlinkSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Files of a run directory the harness writes again from its own copy at the end, or that are not the run's to
 * check: the lock, the case index (written again as the run ends) and the recorded model exchanges.
 */
const NOT_LEDGERED = new Set(['run.lock', 'cases.json', 'recordings']);

/** A `.` or `..` segment, an empty one, or a separator at either end: a path only path.relative can place. */
const DOT_SEGMENT = /^[\\/]|[\\/]$|[\\/]{2}|(^|[\\/])\.{1,2}([\\/]|$)/;

/**
 * What the harness wrote into a run directory while agents ran, by path and sha256, so that the run can tell at its
 * end whether something else — an agent, which runs as the user and may find the directory — changed it. Every file
 * below the directory that is newer than the ledger (its status changed since: a change of content, name or
 * permissions cannot keep its ctime) must be one the harness wrote, with the content it wrote.
 */
export class RunDirLedger {
  /** Each file's sha256, or how to get it when the seal asks (a file still written to: the hash of it so far). */
  private readonly hashes = new Map<string, string | (() => string)>();
  private readonly since: number;
  private readonly prefix: string;

  constructor(private readonly outDir: string) {
    this.prefix = outDir.endsWith(sep) ? outDir : `${outDir}${sep}`;
    this.since = fileClockNow(outDir);
  }

  /**
   * The harness wrote `path` (absolute, below the run directory) with this sha256; a function gives the sha256 of
   * what the harness has written there by the time the seal asks, for a file written a piece at a time.
   */
  record(path: string, sha256: string | (() => string)): void {
    this.hashes.set(this.key(path), sha256);
  }

  /** The harness removed `dir` (absolute) and what is below it. */
  forget(dir: string): void {
    const prefix = `${this.key(dir)}/`;
    for (const key of [...this.hashes.keys()]) if (key.startsWith(prefix)) this.hashes.delete(key);
  }

  /**
   * Removes every file the harness did not write as it is now (changed, or new and not the harness's), and says which
   * (paths relative to the run directory); what the harness wrote and is gone is named too.
   */
  async seal(): Promise<string[]> {
    const found: string[] = [];
    const seen = new Set<string>();
    for (const path of filesBelow(this.outDir)) {
      const key = this.key(path);
      if (NOT_LEDGERED.has(key.split('/')[0]!) || key.endsWith('.tmp')) continue;
      seen.add(key);
      const recorded = this.hashes.get(key);
      const expected = typeof recorded === 'function' ? recorded() : recorded;
      // The run has ended and nothing waits on this thread: each file is checked in one stretch of it, without the
      // thread-pool round trips and stream of a read per file (a run of 1000 cases leaves 4000 files).
      if (expected === undefined) {
        const info = lstatSync(path, { throwIfNoEntry: false });
        if (!info || info.ctimeMs < this.since) continue;
      } else if (expected === sha256OfRegularFile(path)) continue;
      found.push(`${key} (${expected === undefined ? 'not written by skill-eval' : 'changed'}; removed)`);
      await rm(path, { force: true });
    }
    for (const key of this.hashes.keys()) if (!seen.has(key)) found.push(`${key} (removed by something else)`);
    return found.sort();
  }

  private key(path: string): string {
    // What the harness records is the run directory joined with a relative path: cut off without resolving both, as
    // path.relative does (a cached run records a transcript per result).
    const below = path.startsWith(this.prefix) ? path.slice(this.prefix.length) : undefined;
    if (below && !DOT_SEGMENT.test(below)) return sep === '/' ? below : below.split(sep).join('/');
    return relative(this.outDir, path).split(sep).join('/');
  }
}

/**
 * Now, by the clock that stamps the files of `dir`: the ctime of a file created there this moment. Linux stamps files
 * from a coarse clock that lags `Date.now()` by up to a tick (4 ms at 250 Hz), and a remote file system by its server's
 * clock: a file an agent created just after the ledger could look older than a `Date.now()` taken before it, and be
 * left in place. `Date.now()` only when no file can be created there.
 */
function fileClockNow(dir: string): number {
  const probe = join(dir, `.ledger-clock-${process.pid}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(probe, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW, 0o600);
    return fstatSync(fd).ctimeMs;
  } catch {
    return Date.now();
  } finally {
    if (fd !== undefined) {
      closeSync(fd);
      unlinkSync(probe);
    }
  }
}

/**
 * Every file and link below `dir` (not directories), as absolute paths; links are listed, never followed. In one
 * stretch of this thread, as the checks that follow: the promise API walks a run of 1000 cases folder by folder,
 * each folder a thread-pool round trip.
 */
function filesBelow(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => !entry.isDirectory()).map((entry) => join(entry.parentPath, entry.name));
}

const CHUNK = 1024 * 1024;
let chunk: Buffer | undefined;

/**
 * The sha256 of the regular file at `path`, read in chunks in one stretch of this thread up to the size fstat gave;
 * undefined for anything else at that name — a link (not followed), a FIFO (opened without waiting for a writer), a
 * device — or nothing: none of those is what the harness wrote.
 */
export function sha256OfRegularFile(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return undefined;
    chunk ??= Buffer.allocUnsafe(CHUNK);
    return info.size <= CHUNK ? sha256OfOneChunk(fd, info.size, chunk) : sha256OfChunks(fd, info.size, chunk);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * A file that fits in `buffer` (every file of a run but a large artifact), hashed in one call once read: the seal
 * checks thousands of them, and a hash object costs several times more than the call for a short text.
 */
function sha256OfOneChunk(fd: number, size: number, buffer: Buffer): string {
  let position = 0;
  while (position < size) {
    const read = readSync(fd, buffer, position, size - position, position);
    if (read === 0) break;
    position += read;
  }
  return sha256(buffer.subarray(0, position));
}

/** A larger file, chunk after chunk through `buffer`. */
function sha256OfChunks(fd: number, size: number, buffer: Buffer): string {
  const hash = createHash('sha256');
  for (let position = 0; position < size; ) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, size - position), position);
    if (read === 0) break;
    hash.update(buffer.subarray(0, read));
    position += read;
  }
  return hash.digest('hex');
}

/** The sha256 of `data`, in one call (a hash object costs several times more for the short texts of a run). */
export const sha256 = (data: string | Buffer): string => hash('sha256', data);
