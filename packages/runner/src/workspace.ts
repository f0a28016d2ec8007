import { mkdirSync, mkdtempSync, rmdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WorkspaceSpec } from '@skill-eval/core';
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
  /** Fresh HOME for the engine. */
  home: string;
  /** Overlay mount points inside `ws`, unmounted (last first) by `dispose`. */
  mounts: string[];
  /** Unmounts what was mounted, then removes `root`. */
  dispose(): Promise<void>;
}

/**
 * Creates `<tmp>/skill-eval-XXXX/{ws,home}`, empty. Synchronous: three directory calls per execution are quicker
 * done at once than as three thread-pool round trips.
 */
export async function createWorkspace(parent: string = tmpdir()): Promise<Workspace> {
  makeDirectorySync(parent);
  const root = mkdtempSync(join(parent, 'skill-eval-'));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  const mounts: string[] = [];
  const dispose = async () => {
    for (const mount of [...mounts].reverse()) await unmount(mount);
    mounts.length = 0;
    if (!removeIfEmpty([ws, home, root])) await rm(root, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    mkdirSync(ws);
    mkdirSync(home);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { root, ws, home, mounts, dispose };
}

/** Removes empty directories, innermost first; false at the first that is not empty (or not removable). */
function removeIfEmpty(dirs: readonly string[]): boolean {
  for (const dir of dirs) {
    try {
      rmdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
    }
  }
  return true;
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
