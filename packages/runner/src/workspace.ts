import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { readdir, rm, rmdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WorkspaceSpec } from '@skill-eval/core';
import { fillWorkspace, layOverlays, layProject, type WorkspaceFillOptions } from './fill-workspace.js';
import { makeDirectorySync } from './make-directory.js';
import { unmount } from './overlay-mount.js';
import { workspacePrefix } from './stale-leftovers.js';

export { insideWorkspace, parentInsideWorkspace } from './workspace-paths.js';

/** The directories of one execution. */
export interface Workspace {
  /** Temp directory holding everything below; removed by `dispose`. */
  root: string;
  /** The agent's working directory. */
  ws: string;
  /** Fresh HOME for the engine. */
  home: string;
  /** Overlay mount points inside `ws`, unmounted (last first) by `dispose`. */
  mounts: string[];
  /** Unmounts what was mounted, then removes `root`. */
  dispose(): Promise<void>;
  /**
   * Unmounts what was mounted, then leaves `root` to be removed in the background: an ended execution's result need
   * not wait on the disk. {@link workspacesRemoved} resolves once every such removal is done.
   */
  disposeLater(): Promise<void>;
}

/** Removals handed to the background by `disposeLater`, until they are done. */
const removing = new Set<Promise<void>>();

/**
 * Resolves once every workspace left to the background is removed: a run awaits it before it ends. One that could not
 * be removed is left to the next run's sweep (stale-leftovers.ts), as one of a run that was killed.
 */
export async function workspacesRemoved(): Promise<void> {
  while (removing.size > 0) await Promise.all(removing);
}

/**
 * Creates `<tmp>/skill-eval-<pid>.<start>-XXXX/{ws,home}`, empty (named after its owner: see stale-leftovers.ts). Synchronous: three directory calls per execution are quicker
 * done at once than as three thread-pool round trips.
 */
export async function createWorkspace(parent: string = tmpdir()): Promise<Workspace> {
  makeDirectorySync(parent);
  const root = mkdtempSync(join(parent, workspacePrefix()));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  const mounts: string[] = [];
  const unmountAll = async () => {
    for (const mount of [...mounts].reverse()) await unmount(mount);
    mounts.length = 0;
  };
  const remove = () => removeTree(root);
  const dispose = async () => {
    await unmountAll();
    await remove();
  };
  const disposeLater = async () => {
    await unmountAll();
    const removal: Promise<void> = remove()
      .catch(() => {})
      .finally(() => removing.delete(removal));
    removing.add(removal);
  };
  try {
    mkdirSync(ws);
    mkdirSync(home);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { root, ws, home, mounts, dispose, disposeLater };
}

/** Entries a workspace may hold for {@link removeSmallTree} to remove it by its own few calls. */
const SMALL_TREE_ENTRIES = 32;

/** Removes `root`: the usual small tree by its own few calls, anything else by `rm`. */
async function removeTree(root: string): Promise<void> {
  if (!(await removeSmallTree(root))) await rm(root, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Removes `root` when it is what most executions leave — an empty `ws` and `home` and a few files the engine wrote
 * beside them: at most two levels and {@link SMALL_TREE_ENTRIES} entries, no links — with one call per entry, side by
 * side. `rm` would lstat every entry and walk it in JavaScript, several times the work. False, with nothing or part of
 * it removed, for anything else (a workspace the agent filled, or one that changed meanwhile), which `rm` then removes.
 * Nothing here follows a link: `unlink` removes a link itself, and a folder that gained entries refuses `rmdir`.
 */
async function removeSmallTree(root: string): Promise<boolean> {
  try {
    const top = await readdir(root, { withFileTypes: true });
    if (top.some((entry) => !entry.isDirectory())) return false;
    const below = await Promise.all(
      top.map(async (folder) => {
        const dir = join(root, folder.name);
        return { dir, entries: await readdir(dir, { withFileTypes: true }) };
      }),
    );
    const files = below.flatMap(({ dir, entries }) => entries.map((entry) => ({ path: join(dir, entry.name), entry })));
    if (files.length > SMALL_TREE_ENTRIES || files.some(({ entry }) => !entry.isFile())) return false;
    await Promise.all(files.map(({ path }) => unlink(path)));
    await Promise.all(below.map(({ dir }) => rmdir(dir)));
    await rmdir(root);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(root);
  }
}

/**
 * A workspace filled from the spec without a skill: the project, overlays, then files, git, inline files and the diff
 * (see fillWorkspace). The runner stages the skill between the overlays and the rest itself.
 */
export async function prepareWorkspace(
  spec: WorkspaceSpec,
  parent: string = tmpdir(),
  options: WorkspaceFillOptions = {},
): Promise<Workspace> {
  const workspace = await createWorkspace(parent);
  try {
    await layProject(workspace, spec, options);
    await layOverlays(workspace, spec, options);
    await fillWorkspace(workspace, spec, options);
  } catch (error) {
    await workspace.dispose();
    throw error;
  }
  return workspace;
}
