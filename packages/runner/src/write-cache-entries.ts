import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeDirectorySync } from './make-directory.js';
import { pruneCacheFolder } from './prune-cache-folder.js';

/**
 * Writes cache entries (path → content) in the cache folder `dir`, each whole: a temporary file, then a rename, so that
 * a reader never sees half of one. An entry that cannot be written (a read-only folder, a full disk) is left out,
 * silently: a cache only saves work. The entries are cleared once written. A folder written to is then pruned of the
 * entries not written for a month (prune-cache-folder.ts).
 */
export function writeCacheEntries(dir: string, pending: Map<string, string>): void {
  if (pending.size === 0) return;
  const made = new Set<string>();
  for (const [file, entry] of pending) {
    const folder = dirname(file);
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      if (!made.has(folder)) makeDirectorySync(folder);
      made.add(folder);
      writeFileSync(temp, entry, { flag: 'wx' });
      renameSync(temp, file);
    } catch {
      removeQuietly(temp);
    }
  }
  pending.clear();
  pruneCacheFolder(dir);
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Nothing was made there.
  }
}
