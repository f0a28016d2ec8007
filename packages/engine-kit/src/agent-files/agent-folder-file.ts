import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  realpathSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { makeFolders } from './harness-file.js';
import { within } from './open-inside.js';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_APPEND, O_NONBLOCK } = constants;
/** A file made by this very call: nothing already at the name (a link included, even a dangling one) is opened. */
const NEW_FILE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
/** Linux names the file a descriptor reached: where a new file really landed needs no second lookup. */
const PROC_FD = process.platform === 'linux' ? '/proc/self/fd' : undefined;

/**
 * Makes the file `path` anew, for the harness to write, in a folder an agent can write too (an execution's artifacts
 * folder, which a container mounts inside): whatever the agent, or a setup step, left under that name — a link, a
 * FIFO, an older file — is removed, never written through; the new file is created with O_CREAT|O_EXCL|O_NOFOLLOW, so
 * that a name taken again in between fails the call (EEXIST) instead of leading anywhere. A folder at the name is an
 * error. Returns the descriptor, open for writing. A free name costs the one open; a taken one an lstat, the removal
 * and a second open.
 */
export function recreateInAgentFolderSync(path: string, mode = 0o644): number {
  try {
    return openSync(path, NEW_FILE, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const there = lstatSync(path, { throwIfNoEntry: false });
  if (there?.isDirectory()) throw new Error(`${path} is a folder, not a file the harness can write`);
  if (there) unlinkSync(path);
  return openSync(path, NEW_FILE, mode);
}

/** Writes `data` as the file `path` in a folder an agent can write, as {@link recreateInAgentFolderSync} makes it. */
export function writeInAgentFolderSync(path: string, data: string, mode = 0o644): void {
  const fd = recreateInAgentFolderSync(path, mode);
  try {
    writeAll(fd, data);
  } finally {
    closeSync(fd);
  }
}

/**
 * Appends `text` to the file `path` in a folder an agent can write (a setup log, which the steps write too, inside a
 * container): opened with O_APPEND|O_CREAT|O_NOFOLLOW|O_NONBLOCK and checked to be a regular file through the same
 * descriptor; a link, FIFO or device the agent left at the name is replaced by a new file, never written through.
 */
export function appendInAgentFolderSync(path: string, text: string): void {
  let fd: number;
  try {
    fd = openSync(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o644);
  } catch (error) {
    // ELOOP: a link; ENXIO: a FIFO nobody reads; EMLINK: a link (some BSDs).
    if (!['ELOOP', 'ENXIO', 'EMLINK'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    fd = recreateInAgentFolderSync(path);
  }
  try {
    if (!fstatSync(fd).isFile()) {
      closeSync(fd);
      fd = recreateInAgentFolderSync(path);
    }
    writeAll(fd, text);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `data` as the file `path` below `base`, a folder an agent can write (an execution's HOME before its agent
 * starts, where a setup step may have run): the folders between are made where missing and refused when one is a
 * link, the file is made anew as {@link recreateInAgentFolderSync} makes it, and (on Linux) the new file must have
 * landed inside the real `base` — a folder swapped for a link after its check — before a byte is written.
 */
export async function writeBelowAgentFolder(
  base: string,
  path: string,
  data: string | Uint8Array,
  mode = 0o644,
): Promise<void> {
  await makeFolders(base, dirname(path));
  const fd = recreateInAgentFolderSync(path, mode);
  try {
    if (PROC_FD) {
      const landed = readlinkSync(`${PROC_FD}/${fd}`);
      if (!within(landed, realpathSync(base))) {
        unlinkSync(landed); // new and empty: made by the open above (O_EXCL)
        throw new Error(`${path} leads outside ${base} through a link; it was not written`);
      }
    }
    writeAll(fd, data);
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
}
