import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, statSync } from 'node:fs';
import { type FileHandle, lstat, mkdir, open } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_APPEND } = constants;

/**
 * Creates the new file `path` below `base`, a folder only the harness writes (the run directory, a command's output
 * folder), for writing: O_CREAT|O_EXCL, so nothing that was already there — a link, a FIFO, a file — is written
 * through. The folders between `base` and the file are made, and refused when one of them is a link. `made` holds the
 * folders a batch of files (one execution's artifacts) has already made and checked: a folder is made once per batch.
 */
export async function createHarnessFile(
  base: string,
  path: string,
  mode = 0o644,
  made?: Set<string>,
): Promise<FileHandle> {
  const folder = dirname(path);
  if (!made?.has(folder)) {
    await makeFolders(base, folder);
    made?.add(folder);
  }
  return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
}

/**
 * {@link createHarnessFile} in one stretch of the calling thread (see openInsideSync); returns a descriptor. The
 * folders `made` holds are not checked again, the ones between them and the file are.
 */
export function createHarnessFileSync(base: string, path: string, made?: Set<string>, mode = 0o644): number {
  const folder = dirname(path);
  if (!made?.has(folder)) makeFoldersSync(base, folder, made);
  return openSync(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
}

/** The folders from `base` (itself excluded) down to `dir`; `dir` must lie below `base`. */
function foldersBelow(base: string, dir: string): { from: string; parts: string[] } {
  const from = resolve(base);
  const rel = relative(from, resolve(dir));
  if (rel.startsWith('..') || resolve(from, rel) !== resolve(dir)) throw new Error(`${dir} is not below ${base}`);
  return { from, parts: rel === '' ? [] : rel.split(sep) };
}

/**
 * Refuses what is at `at` unless it is a folder: with the code, call and path of a file-system error, so that a command
 * reports it as one, naming the folder and why.
 */
function refuseUnlessFolder(at: string, info: { isDirectory(): boolean; isSymbolicLink(): boolean }): void {
  if (info.isDirectory()) return;
  const link = info.isSymbolicLink();
  throw Object.assign(new Error(`${at} is ${link ? 'a symbolic link' : 'not a folder'}`), {
    code: link ? 'ELOOP' : 'ENOTDIR',
    syscall: 'mkdir',
    path: at,
  });
}

/**
 * {@link makeFolders} in one stretch of the calling thread, from the deepest folder on the way that `made` holds; each
 * folder made or checked joins `made`. What is at each name is looked at first (lstat: a link is seen, not followed)
 * and must be a folder; a folder is made only where nothing is (mkdir makes nothing through a link; one made there
 * meanwhile is looked at again). The folders of a run directory are there already for all but its first execution:
 * a look costs less than a refused mkdir and its error.
 */
export function makeFoldersSync(base: string, dir: string, made = new Set<string>()): void {
  const { from, parts } = foldersBelow(base, dir);
  const path = (count: number) => (count === 0 ? from : `${from}${sep}${parts.slice(0, count).join(sep)}`);
  let done = parts.length;
  while (done > 0 && !made.has(path(done))) done--;
  if (done === 0 && !made.has(from)) {
    // The base itself is made as any output folder is, where it is not a folder already (a link to one included).
    if (!statSync(from, { throwIfNoEntry: false })?.isDirectory()) mkdirSync(from, { recursive: true });
    made.add(from);
  }
  for (let count = done + 1; count <= parts.length; count++) {
    const at = path(count);
    const there = lstatSync(at, { throwIfNoEntry: false });
    if (there) refuseUnlessFolder(at, there);
    else {
      try {
        mkdirSync(at);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        refuseUnlessFolder(at, lstatSync(at));
      }
    }
    made.add(at);
  }
}

/** `dir` and the folders above it up to `base`, made where missing; a link among them is an error. */
export async function makeFolders(base: string, dir: string): Promise<void> {
  const { from, parts } = foldersBelow(base, dir);
  // `base` itself is the harness's own (the run directory): made as any output folder is.
  await mkdir(from, { recursive: true });
  let at = from;
  for (const part of parts) {
    at = `${at}${sep}${part}`;
    const info = await lstat(at).catch(() => undefined);
    if (!info)
      await mkdir(at).catch((error: NodeJS.ErrnoException) =>
        error.code === 'EEXIST' ? undefined : Promise.reject(error),
      );
    refuseUnlessFolder(at, info ?? (await lstat(at)));
  }
}

/**
 * Writes `data` to `path` below `base`, a folder the user named for a command's output (`convert -o`), replacing a
 * file that is there only when `replace` is set: a link at the place or on the way below `base` is refused, and a
 * FIFO or device there is never opened for writing (O_NONBLOCK, then fstat).
 */
export async function writeHarnessFile(base: string, path: string, data: string, replace: boolean): Promise<void> {
  await makeFolders(base, dirname(path));
  const flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | (replace ? 0 : O_EXCL);
  const handle = await open(path, flags, 0o644).catch((error: NodeJS.ErrnoException) => {
    const why =
      error.code === 'ELOOP' ? 'it is a symbolic link' : error.code === 'ENXIO' ? 'it is a FIFO' : error.message;
    throw new Error(`${path} is not written: ${why}`);
  });
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`${path} is not written: it is not a regular file`);
    await handle.truncate(0);
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/**
 * Opens the file `path` of a folder only the harness writes for appending (a run's results.jsonl, which a resumed run
 * appends to), making it when missing: O_APPEND|O_CREAT|O_NOFOLLOW|O_NONBLOCK, then fstat on the same descriptor. A
 * link at the name is refused, not followed (a dangling one would otherwise make its target), and so is anything but a
 * regular file (a FIFO opens at once instead of waiting for a reader); the error names the file. Returns the descriptor.
 */
export function openHarnessFileForAppendSync(path: string, mode = 0o644): number {
  const notRegular = () =>
    Object.assign(new Error(`${path} is not a regular file; nothing is appended to it`), {
      code: 'EFTYPE',
      syscall: 'open',
      path,
    });
  let fd: number;
  try {
    fd = openSync(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, mode);
  } catch (error) {
    // ENXIO: a FIFO no one reads, which a write-only open without waiting refuses.
    throw (error as NodeJS.ErrnoException).code === 'ENXIO' ? notRegular() : error;
  }
  if (fstatSync(fd).isFile()) return fd;
  closeSync(fd);
  throw notRegular();
}
