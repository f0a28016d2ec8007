import { closeSync, constants, fstatSync, openSync, readlinkSync, realpathSync, type Stats, statSync } from 'node:fs';
import { type FileHandle, open, readlink, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Why a path of an agent's folder was not opened; `message` says it for a person. */
export interface Refusal {
  refused: 'missing' | 'link' | 'not-a-file' | 'outside' | 'unreadable' | 'too-large';
  message: string;
}

/** An agent's file, opened: the one descriptor everything after the check uses, and what fstat said of it. */
export interface OpenedFile {
  handle: FileHandle;
  stats: Stats;
}

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;
/** No link followed at the last step, and a FIFO opens at once (then fstat refuses it) instead of hanging. */
const FILE_FLAGS = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
const DIRECTORY_FLAGS = O_RDONLY | O_NOFOLLOW | O_DIRECTORY;
/** Linux names the file a descriptor really reached: the check of intermediate folders needs no second lookup. */
const PROC_FD = process.platform === 'linux' ? '/proc/self/fd' : undefined;

export const isRefusal = (value: object): value is Refusal => 'refused' in value;

/** True when `path` is `root` or below it (both absolute and resolved). */
export function within(path: string, root: string): boolean {
  // Most paths asked about (a file the harness writes per execution) are plainly below: said without normalising
  // either, as long as `path` has no step that starts with a dot (`..` among them).
  if (!path.includes(`${sep}.`) && path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) return true;
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Opens `rel` below `root` (an agent's folder) for reading without following any link: the last step is opened with
 * O_NOFOLLOW, and the descriptor is then checked to have reached a place inside the real `root` (on Linux through
 * /proc/self/fd, so a folder swapped for a link on the way is caught whatever it pointed at; elsewhere by the real
 * path of the name holding the very inode the descriptor has). `kind: 'file'` accepts regular files only.
 */
export async function openInside(
  root: string,
  rel: string,
  kind: 'file' | 'directory' = 'file',
): Promise<OpenedFile | Refusal> {
  const path = resolve(root, rel);
  if (!within(path, resolve(root))) return { refused: 'outside', message: `${rel} is outside the folder` };
  let handle: FileHandle;
  try {
    handle = await open(path, kind === 'file' ? FILE_FLAGS : DIRECTORY_FLAGS);
  } catch (error) {
    return refusalOf(rel, error as NodeJS.ErrnoException);
  }
  try {
    const stats = await handle.stat();
    const right = kind === 'file' ? stats.isFile() : stats.isDirectory();
    if (!right) return await refuse(handle, 'not-a-file', `${rel} is ${describe(stats)}, not a ${kind}`);
    if (!(await reachedInside(handle, path, stats, root)))
      return await refuse(handle, 'outside', `${rel} leads outside the folder through a link`);
    return { handle, stats };
  } catch (error) {
    await handle.close().catch(() => undefined);
    return refusalOf(rel, error as NodeJS.ErrnoException);
  }
}

/** An agent's file opened by {@link openInsideSync}: a plain descriptor, and what fstat said of it. */
export interface OpenedFileSync {
  fd: number;
  stats: Stats;
}

/**
 * {@link openInside} in one stretch of the calling thread, for an execution's small files on the harness's own
 * folders: the same calls and checks, without a thread-pool round trip for each (which, with a run's executions
 * queued behind one another on four threads, costs far more than the call). Close `fd` when done.
 */
export function openInsideSync(
  root: string,
  rel: string,
  kind: 'file' | 'directory' = 'file',
): OpenedFileSync | Refusal {
  const path = resolve(root, rel);
  if (!within(path, resolve(root))) return { refused: 'outside', message: `${rel} is outside the folder` };
  let fd: number;
  try {
    fd = openSync(path, kind === 'file' ? FILE_FLAGS : DIRECTORY_FLAGS);
  } catch (error) {
    return refusalOf(rel, error as NodeJS.ErrnoException);
  }
  try {
    const stats = fstatSync(fd);
    const right = kind === 'file' ? stats.isFile() : stats.isDirectory();
    if (!right) return refuseSync(fd, 'not-a-file', `${rel} is ${describe(stats)}, not a ${kind}`);
    if (!reachedInsideSync(fd, path, stats, root))
      return refuseSync(fd, 'outside', `${rel} leads outside the folder through a link`);
    return { fd, stats };
  } catch (error) {
    closeSync(fd);
    return refusalOf(rel, error as NodeJS.ErrnoException);
  }
}

function refuseSync(fd: number, refused: Refusal['refused'], message: string): Refusal {
  closeSync(fd);
  return { refused, message };
}

function reachedInsideSync(fd: number, path: string, stats: Stats, root: string): boolean {
  let realRoot = realRoots.get(root);
  if (PROC_FD) {
    const reached = readlinkSync(`${PROC_FD}/${fd}`).replace(/ \(deleted\)$/, '');
    // The root itself, opened without following a link at its end, is where its descriptor reached: that is its
    // real path, as the system's realpath would give it, with no lookup more.
    if (!realRoot && path === resolve(root)) {
      remember(root, reached);
      return true;
    }
    return within(reached, realRoot ?? rememberRealRoot(root));
  }
  realRoot ??= rememberRealRoot(root);
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return false;
  }
  if (!within(real, realRoot)) return false;
  const now = statSync(real, { throwIfNoEntry: false });
  return now !== undefined && now.ino === stats.ino && now.dev === stats.dev;
}

async function refuse(handle: FileHandle, refused: Refusal['refused'], message: string): Promise<Refusal> {
  await handle.close();
  return { refused, message };
}

function refusalOf(rel: string, error: NodeJS.ErrnoException): Refusal {
  switch (error.code) {
    case 'ENOENT':
      return { refused: 'missing', message: `${rel} does not exist` };
    case 'ELOOP':
    case 'EMLINK':
      return { refused: 'link', message: `${rel} is a symbolic link, which is never followed` };
    case 'ENOTDIR':
      return { refused: 'not-a-file', message: `${rel} is not where a folder of its path should be` };
    default:
      return { refused: 'unreadable', message: `${rel} cannot be read (${error.code ?? error.message})` };
  }
}

/** What kind of thing `stats` describes, for a message. */
export function describe(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

async function reachedInside(handle: FileHandle, path: string, stats: Stats, root: string): Promise<boolean> {
  const realRoot = await realRootOf(root);
  if (PROC_FD) {
    const reached = (await readlink(`${PROC_FD}/${handle.fd}`)).replace(/ \(deleted\)$/, '');
    return within(reached, realRoot);
  }
  // Without /proc: the name's real path must lie inside and hold the inode the descriptor has — a swap after the
  // open leaves a different inode there, so what was opened is what was checked.
  const real = await realpath(path).catch(() => undefined);
  if (!real || !within(real, realRoot)) return false;
  const now = await stat(real).catch(() => undefined);
  return now !== undefined && now.ino === stats.ino && now.dev === stats.dev;
}

/** Real paths of the roots seen last: an execution's reads ask for the same root many times. */
const realRoots = new Map<string, string>();

async function realRootOf(root: string): Promise<string> {
  const known = realRoots.get(root);
  if (known) return known;
  const real = await realpath(root);
  remember(root, real);
  return real;
}

/** The real path of `root`, from the system's realpath (one call, as the promise API's), remembered. */
function rememberRealRoot(root: string): string {
  const real = realpathSync.native(root);
  remember(root, real);
  return real;
}

function remember(root: string, real: string): void {
  if (realRoots.size >= 64) realRoots.delete(realRoots.keys().next().value!);
  realRoots.set(root, real);
}
