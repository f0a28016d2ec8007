import { lstat, rm, writeFile } from 'node:fs/promises';
import type { WorkspaceSpec } from '@skill-eval/core';
import { createFixtureStager, type FixtureStager, type StagingMethod } from './fixture-stager.js';
import { gitApplyDiff, gitPrepare } from './workspace-git.js';
import { insideWorkspace, parentInsideWorkspace } from './workspace-paths.js';

/** How fixtures are staged and git is run. */
export interface WorkspaceFillOptions {
  /** The run's stager (default: a plain copy). */
  stager?: FixtureStager;
  /** Environment git runs with: the execution's allowlisted env with its HOME (default just PATH). */
  env?: Record<string, string>;
  /** --trust: git honours a fixture repository's own config; without it such a repository is refused. */
  trust?: boolean;
}

/** The part of a workspace the fill steps need. */
export interface FillTarget {
  root: string;
  ws: string;
  mounts: string[];
}

/** What filling did, for the result. */
export interface FillReport {
  /** How directory fixtures were staged; the slowest method used when they differ. */
  staging?: StagingMethod;
}

const RANK: Record<StagingMethod, number> = { copy: 0, reflink: 1, overlay: 2 };

const stagerOf = async (options: WorkspaceFillOptions) =>
  options.stager ?? createFixtureStager({ method: 'copy', allowMounts: false });

/** Lays the overlay directories over the workspace root, in order (BMAD: the base `setup/`, then the case's). */
export async function layOverlays(target: FillTarget, spec: WorkspaceSpec, options: WorkspaceFillOptions = {}) {
  if (spec.overlays.length === 0) return;
  const stager = await stagerOf(options);
  for (const overlay of spec.overlays) await stager.copy(overlay, target.ws);
}

/**
 * Fills the workspace after the overlays and the skill: `files` fixtures, git init / remotes / checkout,
 * inline files, then the diff. A fixture may not leave the workspace, by its path or through a symlink.
 */
export async function fillWorkspace(
  target: FillTarget,
  spec: WorkspaceSpec,
  options: WorkspaceFillOptions = {},
): Promise<FillReport> {
  const report: FillReport = {};
  const { ws } = target;
  if (spec.files.length > 0) {
    const stager = await stagerOf(options);
    for (const file of spec.files) {
      const to = insideWorkspace(ws, file.to);
      if (to !== ws) await parentInsideWorkspace(ws, to);
      const method = await stager.stage(file.from, to, target);
      if (method && (report.staging === undefined || RANK[method] < RANK[report.staging])) report.staging = method;
    }
  }
  const git = { env: options.env ?? { PATH: process.env.PATH ?? '' }, trust: options.trust ?? false };
  if (spec.git) await gitPrepare(ws, spec.git, git);
  for (const [rel, content] of Object.entries(spec.inline)) {
    const to = insideWorkspace(ws, rel);
    await parentInsideWorkspace(ws, to);
    // A link at the place is replaced, never written through.
    if ((await lstat(to).catch(() => undefined))?.isSymbolicLink()) await rm(to);
    await writeFile(to, content);
  }
  if (spec.git?.applyDiff) await gitApplyDiff(ws, spec.git.applyDiff, git);
  return report;
}
