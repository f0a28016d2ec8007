import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { sep } from 'node:path';
import { defineQuestion } from '@skill-eval/core';
import { realOrResolved } from './real-or-resolved.js';

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
 * the open), so the file checked is the file read. Throws with a code: EOUTSIDE, EFTYPE, EFBIG, or the system's.
 */
function checkedRead(path: string, boundary: string, maxBytes: string): { path: string; text: string } {
  const real = realOrResolved(path);
  if (!sideFilesTrusted() && !inside(real, realOrResolved(boundary))) throw failure('EOUTSIDE', real);
  const fd = openSync(real, FLAGS);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw failure('EFTYPE', real);
    const cap = Number(maxBytes);
    if (stat.size > cap) throw failure('EFBIG', real);
    // Read to one past the cap: a file that grows after the check is refused too, never read whole.
    const buffer = Buffer.alloc(Math.min(stat.size, cap) + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n) {
      n = readSync(fd, buffer, length, buffer.length - length, null);
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
