import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * The real path (symlinks followed) of a path that exists, else the path resolved as written.
 *
 * A folder of many files (a skill-up suite of 200 case files) asks this of every file in it. The system's lookup
 * walks each folder of the path again for each file; here the real path of the file's folder is looked up once until
 * the event loop turns, and the file itself takes one `lstat`: when it is no link, its real path is its name in that
 * folder. A link, or a path that is not plain (relative, or with `.` or `..`), takes the system's own lookup.
 */
export function realOrResolved(path: string): string {
  const assumed = realUnlessLinked(path);
  if (assumed === undefined) return systemRealOrResolved(path);
  let isLink: boolean | undefined;
  try {
    isLink = lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink();
  } catch {
    return systemRealOrResolved(path); // not a folder, or not readable: what the system says of it
  }
  if (isLink === undefined) return path; // nothing there: the path as written
  return isLink ? systemRealOrResolved(path) : assumed;
}

/**
 * The real path of `path` if its last name is no link: its name in the real path of its folder (looked up once until
 * the event loop turns). Undefined for a path that is not plain (relative, or with `.` or `..`) or whose folder has no
 * real path. A caller that opens the result with `O_NOFOLLOW` knows, when the open succeeds, that it was right: one
 * `open` instead of an `lstat` and an `open` (a skill-up suite's 200 case files are read so on each load).
 */
export function realUnlessLinked(path: string): string | undefined {
  const name = basename(path);
  if (path !== resolve(path) || name === '' || name === '.' || name === '..') return undefined;
  const folder = realFolder(dirname(path));
  return folder === undefined ? undefined : join(folder, name);
}

/** The system's lookup of the real path, one call, else the path resolved as written where nothing is there. */
function systemRealOrResolved(path: string): string {
  try {
    return realpathSync.native(path);
  } catch (error) {
    // Asked only when the lookup fails (most paths exist): one that exists yet cannot be followed stays an error.
    if (existsSync(path)) throw error;
    return resolve(path);
  }
}

/** Real paths of folders, kept until the event loop turns (a folder renamed later is looked up again). */
let realFolders: Map<string, string | undefined> | undefined;

/** The real path of `folder`, or undefined when it has none (missing, or no folder). */
function realFolder(folder: string): string | undefined {
  if (!realFolders) {
    realFolders = new Map();
    setImmediate(() => {
      realFolders = undefined;
    }).unref();
  }
  if (realFolders.has(folder)) return realFolders.get(folder);
  let real: string | undefined;
  try {
    real = realpathSync.native(folder);
  } catch {
    real = undefined;
  }
  realFolders.set(folder, real);
  return real;
}
