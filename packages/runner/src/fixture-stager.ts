import { mkdir, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { copyTree } from './copy-tree.js';
import { type FixtureTree, readFixtureTree } from './fixture-tree.js';
import { mountablePath, mountOverlay } from './overlay-mount.js';
import type { ProjectExclusion } from './project-exclusion.js';
import { probeOverlay, probeReflink } from './staging-probe.js';

/** How a directory fixture reaches a workspace: an overlayfs mount, reflinked files, or copied files. */
export type StagingMethod = 'overlay' | 'reflink' | 'copy';

/** The part of a workspace fixtures are staged into. */
export interface StagingWorkspace {
  /** Temp directory of the execution (mount scratch space goes here). */
  root: string;
  /** Mount points inside the workspace, unmounted by `dispose`. */
  mounts: string[];
}

/** Stages fixtures for every execution of a run; each source is listed and checked once. */
export interface FixtureStager {
  /** The fastest method this machine allows for the run, found by probing once. */
  readonly method: StagingMethod;
  /** Lays fixture `from` (file or directory) at `target`; returns the method used for a directory. */
  stage(from: string, target: string, workspace: StagingWorkspace): Promise<StagingMethod | undefined>;
  /** Copies fixture `from` into `target` (merging into what is there), never by mount. */
  copy(from: string, target: string): Promise<StagingMethod>;
  /**
   * Lays the project folder `root`, less what `exclude` leaves out, at the empty folder `target`: as the lower layer of
   * an overlay whose upper layer hides the entries left out, where mounts are allowed, else reflinked or copied.
   */
  stageProject(
    root: string,
    exclude: ProjectExclusion,
    target: string,
    workspace: StagingWorkspace,
  ): Promise<StagingMethod>;
}

/** Options of {@link createFixtureStager}. */
export interface FixtureStagerOptions {
  /** Where workspaces are created (default os.tmpdir()); probes run there. */
  tempDir?: string;
  /** Method to use instead of the fastest one found; one the machine cannot do falls back to a copy. */
  method?: StagingMethod;
  /** Whether overlay mounts may be used (false when workspaces are kept: a mount would outlive the run). */
  allowMounts?: boolean;
}

const within = (path: string, dir: string) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/**
 * Probes once which staging the machine allows, then stages by it. A directory fixture is mounted as the
 * read-only lower layer of an overlay where mounts are allowed (constant time, whatever its size), else
 * reflinked file by file, else copied through the thread pool. Hard links are never used: a write through
 * one would change the shared source, and root ignores the permission bits that could prevent it.
 */
export async function createFixtureStager(options: FixtureStagerOptions = {}): Promise<FixtureStager> {
  const dir = options.tempDir ?? tmpdir();
  const wanted = options.method;
  const overlay =
    options.allowMounts !== false && (wanted === undefined || wanted === 'overlay') && (await probeOverlay(dir));
  const reflink = wanted !== 'copy' && (await probeReflink(dir));
  const method: StagingMethod = overlay ? 'overlay' : reflink ? 'reflink' : 'copy';
  const tempDevice = (await stat(dir)).dev;
  type Tree = FixtureTree & { device: number };
  const trees = new Map<string, Promise<Tree>>();
  // Trees read with an exclusion, by exclusion (one per project and run).
  const excludedTrees = new WeakMap<ProjectExclusion, Map<string, Promise<Tree>>>();
  const treeOf = (from: string, exclude?: ProjectExclusion) => {
    let cache = trees;
    if (exclude) {
      cache = excludedTrees.get(exclude) ?? new Map();
      excludedTrees.set(exclude, cache);
    }
    let tree = cache.get(from);
    if (!tree) {
      tree = readFixtureTree(from, exclude).then(async (t) => ({ ...t, device: (await stat(t.root)).dev }));
      // A failed read is not cached, so the next execution reports it again rather than a stale error.
      tree.catch(() => cache.delete(from));
      cache.set(from, tree);
    }
    return tree;
  };
  const copyOf = async (tree: Tree, target: string): Promise<StagingMethod> => {
    await copyTree(tree, target);
    // A reflink needs source and copy on one filesystem; elsewhere copyFile quietly copies.
    return reflink && tree.device === tempDevice ? 'reflink' : 'copy';
  };
  const copy = async (from: string, target: string) => copyOf(await treeOf(from), target);
  return {
    method,
    copy,
    async stageProject(root, exclude, target, workspace) {
      const tree = await treeOf(root, exclude);
      if (overlay && !tree.absoluteLinks && mountablePath(tree.root) && mountablePath(target)) {
        try {
          const scratch = join(workspace.root, '.overlay', String(workspace.mounts.length));
          await mountOverlay([tree.root], scratch, target, tree.excluded);
          workspace.mounts.push(target);
          return 'overlay';
        } catch {
          // A filesystem that refuses to be a lower layer, or whiteouts that cannot be made: a copy always works.
        }
      }
      return copyOf(tree, target);
    },
    async stage(from, target, workspace) {
      const tree = await treeOf(from);
      const mountable =
        overlay &&
        tree.kind === 'dir' &&
        !tree.absoluteLinks &&
        mountablePath(tree.root) &&
        mountablePath(target) &&
        !workspace.mounts.some((m) => within(target, m) || within(m, target));
      if (mountable) {
        await mkdir(target, { recursive: true });
        // What overlays and skills already put at the target stays visible below the fixture.
        const lowers = (await readdir(target)).length > 0 ? [tree.root, target] : [tree.root];
        try {
          await mountOverlay(lowers, join(workspace.root, '.overlay', String(workspace.mounts.length)), target);
          workspace.mounts.push(target);
          return 'overlay';
        } catch {
          // The source's filesystem may refuse to be a lower layer; a copy always works.
        }
      }
      const used = await copy(from, target);
      return tree.kind === 'dir' ? used : undefined;
    },
  };
}
