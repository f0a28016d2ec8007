import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { sep } from 'node:path';
import { defineQuestion, untilNextTurn } from '@skill-eval/core';
import { realOrResolved, realUnlessLinked } from './real-or-resolved.js';

/**
 * The trust of a load and the one checked read of a side file (see side-file.ts): apart from the rest, so that a load
 * kept in the suite store can be checked (each of its questions asked again) without loading any format.
 */

// The trust of the load under way: a process-wide store (one even when several copies of this module are bundled), so
// that what the CLI says once reaches every format.
const TRUST_KEY = Symbol.for('@skill-eval/format-kit/side-file-trust');
interface TrustState {
  store: AsyncLocalStorage<boolean>;
  /** Loads under way: the store is switched off when none is. */
  active: number;
}
const shared = globalThis as Record<symbol, TrustState | undefined>;
shared[TRUST_KEY] ??= { store: new AsyncLocalStorage<boolean>(), active: 0 };
const trust = shared[TRUST_KEY];

/**
 * Runs `work` (its promise included) with side files outside the project read as --trust allows: the command line
 * says it once around a load. Outside it nothing out of the project is read, whatever the loader is asked.
 *
 * When the last load under way ends, the store is switched off: on Node 20 a live AsyncLocalStorage keeps promise
 * hooks on for the whole process, a cost on every promise of the run that follows (some 8% of a cached re-run of
 * 1000 cases). Work the load left behind then reads no trust, the safe answer.
 */
export function withSideFileTrust<T>(trusted: boolean, work: () => T): T {
  trust.active++;
  let result: T;
  try {
    result = trust.store.run(trusted, work);
  } catch (error) {
    loadEnded();
    throw error;
  }
  if (result instanceof Promise) return result.finally(loadEnded) as T;
  loadEnded();
  return result;
}

function loadEnded(): void {
  if (--trust.active === 0) trust.store.disable();
}

/**
 * Whether side files outside the project may be read now (see {@link withSideFileTrust}), noted as a load's question:
 * a load kept from a trusted run is not reused by one without --trust.
 */
export const sideFilesTrusted: () => boolean = defineQuestion(
  'side-file-trust',
  () => trust.store.getStore() === true,
  String,
);

export const inside = (path: string, root: string) =>
  path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const failure = (code: string, path: string) => Object.assign(new Error(`${code}: ${path}`), { code, path });

/**
 * The check and the read in one, on one descriptor. The real path is opened (links resolved before, none followed at
 * the open), so the file checked is the file read. Throws with a code: EOUTSIDE, EISDIR (a folder), EFTYPE (a FIFO,
 * socket or device), EFBIG, or the system's.
 *
 * Most side files are no links: the file's name in its folder's real path is opened first, with `O_NOFOLLOW`, so
 * that its success proves it was the real path. A link (ELOOP), a missing file or any other failure takes the full
 * lookup, which then decides and fails as it always has.
 */
function checkedRead(path: string, boundary: string, maxBytes: string): { path: string; text: string } {
  const cap = Number(maxBytes);
  const assumed = realUnlessLinked(path);
  if (assumed !== undefined && (sideFilesTrusted() || inside(assumed, realBoundary(boundary)))) {
    let fd: number | undefined;
    try {
      fd = openSync(assumed, FLAGS);
    } catch {
      // Looked up in full below.
    }
    if (fd !== undefined) return readOpened(fd, assumed, cap);
  }
  const real = realOrResolved(path);
  if (!sideFilesTrusted() && !inside(real, realBoundary(boundary))) throw failure('EOUTSIDE', real);
  return readOpened(openSync(real, FLAGS), real, cap);
}

/** A project's real path, looked up once until the event loop turns: a suite's parts all ask it of the same one. */
const realBoundary = untilNextTurn(realOrResolved);

/** The text of the regular file open at `fd` (at `real`), at most `cap` bytes; closes `fd`. */
function readOpened(fd: number, real: string, cap: number): { path: string; text: string } {
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw failure(stat.isDirectory() ? 'EISDIR' : 'EFTYPE', real);
    if (stat.size > cap) throw failure('EFBIG', real);
    // Read to one past the cap: a file that grows after the check is refused too, never read whole. A read that
    // stops short of what it asked has reached the end of the file (no second read to be told so).
    const buffer = Buffer.alloc(Math.min(stat.size, cap) + 1);
    let length = 0;
    while (length < buffer.length) {
      const asked = buffer.length - length;
      const n = readSync(fd, buffer, length, asked, null);
      length += n;
      if (n < asked) break;
    }
    if (length > cap) throw failure('EFBIG', real);
    return { path: real, text: buffer.subarray(0, length).toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

/**
 * {@link checkedRead}, noted as a load's question (observed-reads.ts in core). The answer depends on the trust of the
 * load too (see {@link withSideFileTrust}): a load kept from a trusted run is not reused by one without --trust.
 */
export const sideFileAsked = defineQuestion('side-file', checkedRead, (read) => `${read.path}\0${read.text}`);
