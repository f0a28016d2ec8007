import { closeSync, constants, futimesSync, lstatSync, openSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** How many days an entry is kept after it was last written. */
export const CACHE_ENTRY_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A writer's temporary file older than this was left by a process that ended while writing it. */
const LEFT_TEMP_MS = 60 * 60 * 1000;
/** The file whose time says when the folder was last pruned. */
const PRUNED_MARK = 'last-pruned';
/** The folders entries are kept in: the first two hex digits of their key. */
const SHARD = /^[0-9a-f]{2}$/;

/**
 * Removes the entries of a cache folder (`<dir>/<2 hex>/<key>`, as the YAML and suite stores lay them out) not written
 * for {@link CACHE_ENTRY_DAYS} days, and temporary files a writer left, at most once a day: a store that keeps every
 * version of every file it was shown would otherwise grow for as long as its user edits files. An entry still in use
 * is written again by the next load that misses it. Only regular files inside the two-hex-digit folders are removed:
 * a link is never followed, and nothing else in `dir` is touched. Nothing here fails: a cache only saves work.
 */
export function pruneCacheFolder(dir: string, now: number = Date.now()): void {
  if (!markPruned(join(dir, PRUNED_MARK), now)) return;
  let shards: string[];
  try {
    // A folder, not a link to one: what is removed must lie inside `dir`.
    shards = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && SHARD.test(entry.name))
      .map((entry) => entry.name);
  } catch {
    return;
  }
  for (const shard of shards) pruneShard(join(dir, shard), now);
}

/** Sets the mark's time to `now`, unless the folder was pruned less than a day ago: true when it is time to prune. */
function markPruned(mark: string, now: number): boolean {
  try {
    const last = lstatSync(mark, { throwIfNoEntry: false });
    if (last && (!last.isFile() || now - last.mtimeMs < DAY_MS)) return false;
    // Made when missing, never emptied, and never opened through a link; only its times change.
    const { O_WRONLY, O_APPEND, O_CREAT, O_NOFOLLOW = 0 } = constants;
    const fd = openSync(mark, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW, 0o600);
    try {
      futimesSync(fd, now / 1000, now / 1000);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch {
    return false;
  }
}

function pruneShard(folder: string, now: number): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  let left = names.length;
  for (const name of names) {
    const file = join(folder, name);
    try {
      const stat = lstatSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) continue;
      const keptFor = name.endsWith('.tmp') ? LEFT_TEMP_MS : CACHE_ENTRY_DAYS * DAY_MS;
      if (now - stat.mtimeMs <= keptFor) continue;
      unlinkSync(file);
      left--;
    } catch {
      // Gone already, or not ours to remove: left as it is.
    }
  }
  if (left > 0) return;
  try {
    rmdirSync(folder);
  } catch {
    // A writer put an entry there meanwhile.
  }
}
