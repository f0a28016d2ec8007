import { join } from 'node:path';
import { observedLstat } from '@skill-eval/core';
import { globSideFiles } from '@skill-eval/format-kit';

/** One `cases.files` entry resolved on disk. */
export interface CaseFileEntry {
  /** Index of the entry in `cases.files`. */
  index: number;
  /** The entry as written. */
  entry: string;
  /** Files it names (a glob may name several, a missing path none). */
  files: string[];
  /** Why a glob was not expanded (it leaves the skill root without --trust): an error --trust lifts. */
  refused?: string;
}

const GLOB = /[*?[\]{}]/;

/**
 * Resolves `cases.files` against the skill root the way skill-up joins them (`filepath.Join`, so
 * `..` is allowed). skill-up takes paths only; a glob is accepted here too and expands in sorted order, inside the
 * skill root (format-kit `globSideFiles`: one that leaves it is not expanded without --trust, links are not walked).
 * A path is named whatever is there (a link, a FIFO): reading it (format-kit `readSideFile`) says what it is.
 */
export function resolveCaseFiles(entries: readonly string[], root: string, boundary: string): CaseFileEntry[] {
  return entries.map((entry, index) => {
    if (GLOB.test(entry)) {
      const globbed = globSideFiles(entry, root, boundary);
      return globbed.ok
        ? { index, entry, files: globbed.paths }
        : { index, entry, files: [], refused: globbed.message };
    }
    const file = join(root, entry);
    return { index, entry, files: observedLstat(file, { throwIfNoEntry: false }) ? [file] : [] };
  });
}

export const isGlob = (entry: string) => GLOB.test(entry);
