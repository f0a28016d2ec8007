import { closeSync, constants, openSync, readlinkSync, realpathSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { type FileHandle, open, rename, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { makeFolders, makeFoldersSync } from './harness-file.js';
import { within } from './open-inside.js';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;
/** A file made by this very call: nothing already at the name (a link included, even a dangling one) is opened. */
const NEW_FILE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
/** Linux names the file a descriptor reached: where the new file really landed needs no second lookup. */
const PROC_FD = process.platform === 'linux' ? '/proc/self/fd' : undefined;
/** Names drawn for the temporary file before giving up: only names planted in advance can be taken. */
const ATTEMPTS = 8;

/** What {@link writeHarnessFileAtomically} writes: text, bytes, or pieces of either (a file larger than a string). */
export type AtomicData = string | Uint8Array | AsyncIterable<string | Uint8Array>;

export interface AtomicWriteOptions {
  /** The permission bits of the file (default 0o644; the process's umask applies). */
  mode?: number;
}

/**
 * The name of the next version of `path`, beside it. Random, so that a name planted in advance (a link at
 * `summary.json.<pid>.tmp`) is not the one used; its secrecy is not what keeps the write safe — O_EXCL|O_NOFOLLOW is,
 * and a planted name only costs another draw — so Math.random serves, and node:crypto is not loaded for it.
 */
const tempName = (path: string) => `${path}.${Math.random().toString(36).slice(2, 12)}.tmp`;

/**
 * Writes `data` as the file `path` below `base`, a folder the harness writes (a run directory, the result cache) that
 * someone else may have written before (a run directory committed, downloaded or resumed; a shared `--cache-dir`):
 * whole, so that a reader sees the old file or the new one, and through nothing planted.
 *
 * - The folders between `base` and the file are made where missing and refused when one is a link (makeFolders).
 * - The data goes to a new file of a random name beside `path`, created with O_CREAT|O_EXCL|O_NOFOLLOW and `mode`: a
 *   link, FIFO or file at that name is never opened (the name is drawn again). On Linux the new file must have landed
 *   inside the real `base` — a folder swapped for a link after its check — before a byte is written.
 * - It is then renamed over `path`. A link, FIFO or file at `path` is replaced, not followed nor opened: rename
 *   replaces the name itself, so whatever a link there pointed to (or another name of a hard-linked file) is left as
 *   it was. That is why nothing at `path` is refused: a check before the rename would add no safety, only a failure an
 *   agent could cause at will (a link planted just before the summary is written). A folder at `path` fails the
 *   rename (EISDIR), naming the file.
 *
 * Nothing is fsynced, as nothing else the harness writes is: a run's files are written again by `report` or
 * `--resume`. On failure the temporary file is removed and the error thrown carries the code, call and path of the
 * failing step.
 */
export async function writeHarnessFileAtomically(
  base: string,
  path: string,
  data: AtomicData,
  { mode = 0o644 }: AtomicWriteOptions = {},
): Promise<void> {
  await makeFolders(base, dirname(path));
  const { handle, temp } = await createTemp(path, mode);
  try {
    try {
      refuseUnlessInside(handle.fd, base, path);
      await writeAll(handle, data);
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** The options of the writers in one stretch of the thread: `made`, the folders below the base made and checked. */
export type SyncWriteOptions = AtomicWriteOptions & { made?: Set<string> };

/** A writer of a file below `base` in one stretch of the calling thread. */
export type SyncWriter = (base: string, path: string, data: string | Uint8Array, options?: SyncWriteOptions) => void;

/**
 * Where a writer in one stretch of the thread makes the file: beside its name, then renamed over it (whole for any
 * reader); or at its own name, falling back to the first when something stands there already.
 */
type Placement = 'renamed-into-place' | 'made-in-place';

/** The writer in one stretch of the calling thread that makes its files as `placement` says. */
function syncWriter(placement: Placement): SyncWriter {
  return (base, path, data, { mode = 0o644, made } = {}) => {
    const folder = dirname(path);
    if (!made?.has(folder)) makeFoldersSync(base, folder, made);
    const fd = placement === 'made-in-place' ? createUnlessTakenSync(path, mode) : undefined;
    if (fd !== undefined) return fillNewFileSync({ fd, name: path }, base, path, data);
    const temp = createTempSync(path, mode);
    fillNewFileSync({ fd: temp.fd, name: temp.temp }, base, path, data, () => renameSync(temp.temp, path));
  };
}

/**
 * {@link writeHarnessFileAtomically} in one stretch of the calling thread, for a file written per execution (a
 * transcript; a cached run writes one per result) for which a thread-pool round trip costs more than the write.
 * `made` holds the folders below `base` already made and checked, each checked once (see createHarnessFileSync).
 */
export const writeHarnessFileAtomicallySync = syncWriter('renamed-into-place');

/**
 * Writes `data` as the new file `path` below `base`, in one stretch of the calling thread, for a file that readers
 * find only through something written after it (a transcript, which its result's line in results.jsonl names): such
 * a file needs no temporary name and rename, as nobody looks at it before it is whole. It is created at its own name
 * (O_CREAT|O_EXCL|O_NOFOLLOW: nothing already there is opened), must land inside the real `base` as
 * {@link writeHarnessFileAtomicallySync}'s temporary file must, and is removed when a step fails. When something
 * stands at the name already (a resumed run's file, or one planted there), the file is written as
 * writeHarnessFileAtomicallySync writes it: replacing the name, following nothing.
 */
export const writeNewHarnessFileSync = syncWriter('made-in-place');

/** A new file at `path` (O_CREAT|O_EXCL|O_NOFOLLOW), or undefined when something stands at the name already. */
function createUnlessTakenSync(path: string, mode: number): number | undefined {
  try {
    return openSync(path, NEW_FILE, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
}

/**
 * Writes `data` into `made`, a file just made (O_EXCL) for `path` below `base`, once it is found to lie inside the
 * real base; then runs `then` (the rename of a temporary file). When a step fails, the file made is removed, by the
 * name it was made at: half a file, or one made through a link, is never left.
 */
function fillNewFileSync(
  made: { fd: number; name: string },
  base: string,
  path: string,
  data: string | Uint8Array,
  then?: () => void,
): void {
  try {
    try {
      refuseUnlessInside(made.fd, base, path);
      writeWholeSync(made.fd, data);
    } finally {
      closeSync(made.fd);
    }
    then?.();
  } catch (error) {
    try {
      unlinkSync(made.name);
    } catch {
      // Never made there, or renamed already.
    }
    throw error;
  }
}

/**
 * Writes all of `data` at the descriptor's position: text in one write from the string itself (no copy of it made
 * first, as a cached run writes a transcript and a result line per execution), the rest, if a write stops short, from
 * its bytes.
 */
export function writeWholeSync(fd: number, data: string | Uint8Array): void {
  let bytes = data;
  if (typeof data === 'string') {
    const written = writeSync(fd, data);
    if (written === Buffer.byteLength(data)) return;
    bytes = Buffer.from(data).subarray(written);
  }
  const rest = bytes as Uint8Array;
  for (let done = 0; done < rest.length; ) done += writeSync(fd, rest, done, rest.length - done);
}

/** How much of data given in pieces is gathered before it is written: a results.jsonl comes a line at a time. */
const BATCH_BYTES = 1024 * 1024;

/** Writes `data` whole through `handle`; pieces are gathered into writes of about BATCH_BYTES. */
async function writeAll(handle: FileHandle, data: AtomicData): Promise<void> {
  const pieces = typeof data === 'string' || data instanceof Uint8Array ? [data] : data;
  let batch: Uint8Array[] = [];
  let size = 0;
  const flush = async () => {
    const bytes = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
    batch = [];
    size = 0;
    for (let done = 0; done < bytes.length; )
      done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
  };
  for await (const piece of pieces) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    batch.push(bytes);
    size += bytes.length;
    if (size >= BATCH_BYTES) await flush();
  }
  if (size > 0) await flush();
}

async function createTemp(path: string, mode: number): Promise<{ handle: FileHandle; temp: string }> {
  for (let attempt = 1; ; attempt++) {
    const temp = tempName(path);
    try {
      return { handle: await open(temp, NEW_FILE, mode), temp };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === ATTEMPTS) throw error;
    }
  }
}

function createTempSync(path: string, mode: number): { fd: number; temp: string } {
  for (let attempt = 1; ; attempt++) {
    const temp = tempName(path);
    try {
      return { fd: openSync(temp, NEW_FILE, mode), temp };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === ATTEMPTS) throw error;
    }
  }
}

/**
 * The real path of each base, as first found: a run writes a file per execution into the same folder. Kept, the check
 * holds the base to where it was at the run's first write: one swapped for a link later is refused, not followed.
 */
const realBases = new Map<string, string>();

function realBase(base: string): string {
  const absolute = resolve(base);
  let real = realBases.get(absolute);
  if (real === undefined) {
    real = realpathSync.native(absolute);
    realBases.set(absolute, real);
  }
  return real;
}

/** On Linux: throws unless the new file open as `fd` lies inside the real `base` (no folder on the way was a link). */
function refuseUnlessInside(fd: number, base: string, path: string): void {
  if (!PROC_FD) return;
  if (within(readlinkSync(`${PROC_FD}/${fd}`), realBase(base))) return;
  throw Object.assign(new Error(`${path} leads outside ${base} through a link; it was not written`), {
    code: 'ELOOP',
    syscall: 'open',
    path,
  });
}
