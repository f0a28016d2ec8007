import { join } from 'node:path';
import { observedExists } from '@skill-eval/core';
import { observedGlob } from '@skill-eval/format-kit';

/** One `cases.files` entry resolved on disk. */
export interface CaseFileEntry {
  /** Index of the entry in `cases.files`. */
  index: number;
  /** The entry as written. */
  entry: string;
  /** Files it names (a glob may name several, a missing path none). */
  files: string[];
}

const GLOB = /[*?[\]{}]/;

/**
 * Resolves `cases.files` against the skill root the way skill-up joins them (`filepath.Join`, so
 * `..` is allowed). skill-up takes paths only; a glob is accepted here too and expands in sorted order.
 */
export function resolveCaseFiles(entries: readonly string[], root: string): CaseFileEntry[] {
  return entries.map((entry, index) => {
    if (GLOB.test(entry)) {
      const files = observedGlob(entry, { cwd: root, absolute: true, onlyFiles: true }).sort();
      return { index, entry, files };
    }
    const file = join(root, entry);
    return { index, entry, files: observedExists(file) ? [file] : [] };
  });
}

export const isGlob = (entry: string) => GLOB.test(entry);
