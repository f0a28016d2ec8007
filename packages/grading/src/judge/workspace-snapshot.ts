import { createHash } from 'node:crypto';
import { isRefusal, openInside } from '@skill-eval/engine-kit/agent-files';
import { listWorkspaceFiles } from './list-workspace-files.js';

/** Each workspace file's fingerprint by relative path, taken before the agent runs. */
export type WorkspaceSnapshot = ReadonlyMap<string, string>;

/** Files above this size are fingerprinted by size and mtime instead of content. */
const HASH_LIMIT = 4 * 1024 * 1024;

/** What a snapshot taken without contents holds for each file: its path only. */
const PATH_ONLY = 'listed';

/**
 * Fingerprints every file the judge could be shown, so it can later be told what the agent created or changed. With
 * `contents: false`, only the paths are taken (no file is read): enough to tell what the run created — a regex over
 * the created files — not what it changed, which only the judge is told.
 */
export async function snapshotWorkspace(
  root: string,
  { contents = true }: { contents?: boolean } = {},
): Promise<WorkspaceSnapshot> {
  const files = await listWorkspaceFiles(root);
  if (!contents) return new Map(files.map((rel) => [rel, PATH_ONLY]));
  const prints = await Promise.all(files.map((rel) => fingerprint(root, rel)));
  return new Map(files.map((rel, i) => [rel, prints[i]!]));
}

/** How a file compares with the snapshot. */
export type FileChange = 'created' | 'changed' | 'unchanged';

export async function fileChange(root: string, rel: string, before: WorkspaceSnapshot): Promise<FileChange> {
  const then = before.get(rel);
  if (then === undefined) return 'created';
  return (await fingerprint(root, rel)) === then ? 'unchanged' : 'changed';
}

/** Size and content hash (size and mtime above HASH_LIMIT), read through one descriptor of the file layer. */
async function fingerprint(root: string, rel: string): Promise<string> {
  const opened = await openInside(root, rel);
  if (isRefusal(opened)) return 'unreadable';
  const { handle, stats } = opened;
  try {
    if (stats.size > HASH_LIMIT) return `${stats.size}:${stats.mtimeMs}`;
    const content = Buffer.alloc(stats.size);
    let got = 0;
    while (got < stats.size) {
      const { bytesRead } = await handle.read(content, got, stats.size - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return `${stats.size}:${createHash('sha1').update(content.subarray(0, got)).digest('hex')}`;
  } catch {
    return 'unreadable';
  } finally {
    await handle.close();
  }
}
