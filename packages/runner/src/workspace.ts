import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executionTempDir, type WorkspaceSpec } from '@skill-eval/core';
import { ownedTempPrefix } from '@skill-eval/engine-kit/process-owner';
import { fillWorkspace, layOverlays, layProject, type WorkspaceFillOptions } from './fill-workspace.js';
import { makeDirectorySync } from './make-directory.js';
import { unmount } from './overlay-mount.js';

export { insideWorkspace, parentInsideWorkspace } from './workspace-paths.js';

/** The directories of one execution. */
export interface Workspace {
  /** Temp directory holding everything below; removed by `dispose`. */
  root: string;
  /** The agent's working directory. */
  ws: string;
  /** Fresh HOME for the engine, holding the execution's temp folder ({@link executionTempDir}). */
  home: string;
  /** Overlay mount points inside `ws`, unmounted (last first) by `dispose`. */
  mounts: string[];
  /** Unmounts what was mounted, then removes `root`. */
  dispose(): Promise<void>;
}

/**
 * Creates `<tmp>/skill-eval-<pid>.<start>-XXXX/{ws,home/.tmp}`, empty (named after its owner: see stale-leftovers.ts).
 * Synchronous: four directory calls per execution are quicker done at once than as four thread-pool round trips.
 */
export async function createWorkspace(parent: string = tmpdir()): Promise<Workspace> {
  makeDirectorySync(parent);
  const root = mkdtempSync(join(parent, ownedTempPrefix()));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  const mounts: string[] = [];
  const dispose = async () => {
    for (const mount of [...mounts].reverse()) await unmount(mount);
    mounts.length = 0;
    // The temp folder first: most executions leave it empty, and then HOME too, which goes in one call.
    try {
      removedIfEmpty(executionTempDir(home));
    } catch {
      // A temp folder that resists (an agent took its permissions) goes with the rest below.
    }
    if (!removeSmallTree(root)) await rm(root, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    mkdirSync(ws);
    mkdirSync(home);
    mkdirSync(executionTempDir(home));
  } catch (error) {
    await dispose();
    throw error;
  }
  return { root, ws, home, mounts, dispose };
}

/** Entries a workspace may hold for {@link removeSmallTree} to remove it itself. */
const SMALL_TREE_ENTRIES = 32;

/**
 * Removes `root` in one stretch of this thread when it is what most executions leave — an empty `ws`, a `home` holding
 * its empty temp folder, and a few files the engine wrote beside them: at most two levels of files and empty folders,
 * {@link SMALL_TREE_ENTRIES} entries, no links. False, with nothing or part of it removed, for anything else (a
 * workspace the agent filled), which `rm` then removes: a thread-pool round trip per file costs more than the file.
 * An empty folder goes in one call, unlisted.
 */
function removeSmallTree(root: string): boolean {
  try {
    const top = readdirSync(root, { withFileTypes: true });
    if (top.some((entry) => !entry.isDirectory())) return false;
    const below = top
      .map((folder) => join(root, folder.name))
      .filter((dir) => !removedIfEmpty(dir))
      .map((dir) => ({ dir, entries: readdirSync(dir, { withFileTypes: true }) }));
    const files = below.flatMap(({ dir, entries }) => entries.map((entry) => ({ path: join(dir, entry.name), entry })));
    if (files.length > SMALL_TREE_ENTRIES || files.some(({ entry }) => !entry.isFile() && !entry.isDirectory()))
      return false;
    for (const { path, entry } of files) if (entry.isDirectory() && !removedIfEmpty(path)) return false;
    for (const { path, entry } of files) if (entry.isFile()) unlinkSync(path);
    for (const { dir } of below) rmdirSync(dir);
    rmdirSync(root);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(root);
  }
}

/**
 * Removes the folder `dir` when it is empty (rmdir never removes a link or what one points at); false when not, or
 * when it is gone or not a folder. A folder that is not empty (the artifacts of most executions) is the answer, not a
 * failure: its error needs no stack, whose capture costs more than the call.
 */
function removedIfEmpty(dir: string): boolean {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    rmdirSync(dir);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw error;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
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
