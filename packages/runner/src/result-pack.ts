import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { REGULAR_FILE_LIMIT, readRegularTextSync } from '@skill-eval/core';
import { writeHarnessFileAtomically } from '@skill-eval/engine-kit/agent-files';
import { CACHE_FORMAT } from './cache-key.js';
import { type CacheEntry, checkedEntry, entryFile, sealedEntry, unsealed } from './result-cache.js';

/*
 * A pack holds, in one sealed file, the entries of every execution of a run whose executions all had one: re-running
 * the same executions reads one file instead of one per execution (a cached re-run of 1000 cases spent a sixth of
 * its time opening, checking and parsing entries). It is named by the executions' keys, so only a run of exactly
 * those executions reads it; any other run reads the entries one by one, as before.
 *
 * The entry files stay what the cache is: a pack serves an entry only while the entry's file is the one it was
 * written beside (same inode, size and change time), so a deleted or edited entry re-runs its execution as it would
 * without a pack. What a pack serves is the entry as sealed with the user's key, like the file's.
 */

/** At most this many packs are kept: each set of executions run writes its own. */
export const PACKS_KEPT = 16;
/** A run whose entries come to more than this (their JSON) writes no pack: it is read whole. */
export const PACK_LIMIT = REGULAR_FILE_LIMIT;

/** The entry file a pack was written beside, as the file system tells one file from another. */
interface EntryStamp {
  ino: number;
  size: number;
  ctimeMs: number;
}

const packsFolder = (dir: string): string => join(dir, 'packs');

/** The pack of the executions with these keys (in any order). */
const packFile = (dir: string, keys: readonly string[]): string =>
  join(
    packsFolder(dir),
    `${createHash('sha256')
      .update([...keys].sort().join('\n'))
      .digest('hex')}.json`,
  );

/** The entry file of `key` as it is now, if it is a regular file (a link is not followed). */
function stampOf(dir: string, key: string): EntryStamp | undefined {
  const stats = lstatSync(entryFile(dir, key), { throwIfNoEntry: false });
  return stats?.isFile() ? { ino: stats.ino, size: stats.size, ctimeMs: stats.ctimeMs } : undefined;
}

const sameStamp = (a: EntryStamp | undefined, b: Partial<EntryStamp> | undefined): boolean =>
  a !== undefined && b !== undefined && a.ino === b.ino && a.size === b.size && a.ctimeMs === b.ctimeMs;

/**
 * The entries the pack of exactly `keys` holds whose files are unchanged since it was written; none when there is no
 * such pack, it is damaged, or it was not sealed with `sealKey` (read as a regular file only).
 */
export function readPack(dir: string, sealKey: Uint8Array, keys: readonly string[]): Map<string, CacheEntry> {
  const found = new Map<string, CacheEntry>();
  let pack: { format?: unknown; entries?: unknown } | null;
  try {
    const json = unsealed(sealKey, readRegularTextSync(packFile(dir, keys), PACK_LIMIT + 1024));
    if (json === undefined) return found;
    pack = JSON.parse(json);
  } catch {
    return found;
  }
  if (pack?.format !== CACHE_FORMAT || !Array.isArray(pack.entries)) return found;
  const wanted = new Set(keys);
  for (const packed of pack.entries as { entry?: { key?: unknown }; stamp?: Partial<EntryStamp> }[]) {
    const key = packed?.entry?.key;
    if (typeof key !== 'string' || !wanted.has(key) || !sameStamp(stampOf(dir, key), packed.stamp)) continue;
    const entry = checkedEntry(packed.entry, key);
    if (entry) found.set(key, entry);
  }
  return found;
}

/**
 * Writes the pack of `entries` (one per execution of the run) beside their files, sealed with `sealKey`, and removes
 * the oldest packs past {@link PACKS_KEPT}. Nothing is written when an entry's file is missing (its execution would
 * never be served from the pack) or the pack would be larger than a pack is read.
 */
export async function writePack(dir: string, sealKey: Uint8Array, entries: readonly CacheEntry[]): Promise<void> {
  const packed = entries.map((entry) => ({ entry, stamp: stampOf(dir, entry.key) }));
  if (packed.some((p) => p.stamp === undefined)) return;
  const json = JSON.stringify({ format: CACHE_FORMAT, entries: packed });
  if (json.length > PACK_LIMIT) return;
  const file = packFile(
    dir,
    entries.map((entry) => entry.key),
  );
  await writeHarnessFileAtomically(dir, file, sealedEntry(sealKey, json), { mode: 0o600 });
  pruneOldPacks(packsFolder(dir), file);
}

/**
 * Removes the packs (regular files, never followed) past the {@link PACKS_KEPT} last written, `written` (the one just
 * written) kept whatever its time: file times tick coarsely, and packs written in one tick tie.
 */
function pruneOldPacks(folder: string, written: string): void {
  let packs: { file: string; at: number }[];
  try {
    packs = readdirSync(folder).flatMap((name) => {
      const file = join(folder, name);
      if (!name.endsWith('.json') || file === written) return [];
      const stats = lstatSync(file, { throwIfNoEntry: false });
      return stats?.isFile() ? [{ file, at: stats.mtimeMs }] : [];
    });
  } catch {
    return;
  }
  for (const { file } of packs.sort((a, b) => b.at - a.at).slice(PACKS_KEPT - 1)) {
    try {
      unlinkSync(file);
    } catch {
      // Removed meanwhile: a cache only saves work.
    }
  }
}
