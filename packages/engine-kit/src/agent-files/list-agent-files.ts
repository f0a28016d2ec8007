import { closeSync, type Dirent, readdirSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isRefusal, openInside, openInsideSync, within } from './open-inside.js';

/** What lies at a path of an agent's folder, as the folder holds it (a link is a link, never what it points at). */
export type EntryKind = 'file' | 'directory' | 'link' | 'other';

export interface ListOptions {
  /** Folder names not entered, wherever they are. */
  skipDirs?: ReadonlySet<string>;
  /** Stop after this many files (default: no limit). */
  maxFiles?: number;
  /** Told of each entry left out because it is not a regular file or a folder (a link, a FIFO, a socket, a device). */
  onSkip?: (rel: string, what: string) => void;
}

/**
 * Relative (`/`-separated) paths of the regular files below `root`, sorted, without following links: each folder is
 * opened without following a link, checked to lie inside `root`, and listed through that descriptor (on Linux, as
 * /proc/self/fd/N), so a folder swapped for a link while the walk runs lists nothing outside.
 */
export async function listAgentFiles(root: string, options: ListOptions = {}): Promise<string[]> {
  const files: string[] = [];
  const max = options.maxFiles ?? Number.POSITIVE_INFINITY;
  const walk = async (dir: string): Promise<void> => {
    const entries = listFolder(root, dir);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (files.length >= max) return;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!options.skipDirs?.has(entry.name)) await walk(rel);
      } else if (entry.isFile()) files.push(rel);
      else
        options.onSkip?.(
          rel,
          entry.isSymbolicLink() ? 'a symbolic link, which is never followed' : 'not a regular file',
        );
    }
  };
  await walk('');
  return files;
}

/**
 * The entries of the folder `dir` below `root`; none when it is not a folder inside `root`. In one stretch of this
 * thread (see openInsideSync): an execution's folders hold a few entries, and four calls per folder through the thread
 * pool cost more than the listing.
 */
function listFolder(root: string, dir: string): Dirent[] {
  const opened = openInsideSync(root, dir || '.', 'directory');
  if (isRefusal(opened)) {
    if (dir === '') throw new Error(opened.message.replace(/^\. /, `${root} `));
    return [];
  }
  try {
    const path = process.platform === 'linux' ? `/proc/self/fd/${opened.fd}` : join(root, dir);
    return readdirSync(path, { withFileTypes: true });
  } finally {
    closeSync(opened.fd);
  }
}

/** What lies at `rel` below `root`, without following a link at the end; undefined when nothing (or outside). */
export async function entryKind(root: string, rel: string): Promise<{ kind: EntryKind; size: number } | undefined> {
  const path = resolve(root, rel);
  if (!within(path, resolve(root))) return undefined;
  const info = await lstat(path).catch(() => undefined);
  if (!info) return undefined;
  if (info.isSymbolicLink()) return { kind: 'link', size: 0 };
  // The name exists; its folders on the way must also lie inside for it to count as the workspace's.
  const kind: EntryKind = info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other';
  const opened = await openInside(root, rel, kind === 'directory' ? 'directory' : 'file');
  if (isRefusal(opened)) return opened.refused === 'not-a-file' ? { kind, size: info.size } : undefined;
  await opened.handle.close();
  return { kind, size: opened.stats.size };
}
