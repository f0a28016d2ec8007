import { cp, lstat, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { WorkspaceSpec } from '@skill-eval/core';
import { type Warning, warning } from '@skill-eval/core';
import { createFixtureStager, type FixtureStager, type StagingMethod } from './fixture-stager.js';
import { projectExclusion } from './project-exclusion.js';
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
  /** Folders a project copy leaves out besides its own exclusions (the run directory, the temp folder). */
  outside?: readonly string[];
  /** Staged skill folders: the skill under test always wins, so no fixture or inline file is laid inside one. */
  skillDirs?: readonly string[];
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
  /** Fixtures and inline files not laid because they would have replaced part of the skill under test. */
  warnings?: Warning[];
}

const RANK: Record<StagingMethod, number> = { copy: 0, reflink: 1, overlay: 2 };

/** The slower of two staging methods (what a result reports when a workspace was staged several ways). */
export const slowerStaging = (a: StagingMethod | undefined, b: StagingMethod | undefined): StagingMethod | undefined =>
  a === undefined ? b : b === undefined ? a : RANK[a] <= RANK[b] ? a : b;

const stagerOf = async (options: WorkspaceFillOptions) =>
  options.stager ?? createFixtureStager({ method: 'copy', allowMounts: false });

/**
 * Lays the case's project in the empty workspace, first of all (BMAD's runner starts from the project root): by the
 * run's fast staging path, an overlay mount or reflinks, leaving out `.git`, `node_modules`, run folders and what the
 * case excludes.
 */
export async function layProject(
  target: FillTarget,
  spec: WorkspaceSpec,
  options: WorkspaceFillOptions = {},
): Promise<StagingMethod | undefined> {
  if (!spec.project) return undefined;
  const stager = await stagerOf(options);
  const exclude = await projectExclusion(spec.project.root, spec.project.exclude, options.outside);
  return stager.stageProject(spec.project.root, exclude, target.ws, target);
}

/** Copies `dirs` out of the workspace (into `root`) and removes them, for {@link putBack} once a fixture is laid. */
async function setAside(dirs: readonly string[], root: string): Promise<{ dir: string; copy: string }[]> {
  const aside = dirs.map((dir, i) => ({ dir, copy: join(root, '.skills-aside', String(i)) }));
  for (const { dir, copy } of aside) {
    await cp(dir, copy, { recursive: true, verbatimSymlinks: true });
    await rm(dir, { recursive: true, force: true });
  }
  return aside;
}

/** Puts the set-aside folders back where they were, over whatever a fixture put there. */
async function putBack(aside: readonly { dir: string; copy: string }[]): Promise<void> {
  for (const { dir, copy } of aside) {
    await rm(dir, { recursive: true, force: true });
    await cp(copy, dir, { recursive: true, verbatimSymlinks: true });
    await rm(copy, { recursive: true, force: true });
  }
}

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
  const warnings: Warning[] = [];
  const skillDirs = options.skillDirs ?? [];
  // The skill under test always wins: nothing the eval file lays at its place replaces part of it.
  const inSkill = (to: string, what: string) => {
    const skill = skillDirs.find((dir) => to === dir || to.startsWith(dir + sep));
    if (skill)
      warnings.push(
        warning(
          'workspace',
          `${what} ${relative(ws, to)} was not laid: it would replace part of the skill under test (${relative(ws, skill)}).`,
        ),
      );
    return skill !== undefined;
  };
  if (spec.files.length > 0) {
    const stager = await stagerOf(options);
    for (const file of spec.files) {
      const to = insideWorkspace(ws, file.to);
      if (inSkill(to, 'Fixture')) continue;
      if (to !== ws) await parentInsideWorkspace(ws, to);
      // A folder fixture holding the skill's place (a repository laid at the root) is laid around the skill.
      const covered = skillDirs.filter((dir) => dir.startsWith(to === ws ? ws + sep : to + sep));
      const aside = await setAside(covered, target.root);
      const method = await stager.stage(file.from, to, target);
      await putBack(aside);
      report.staging = slowerStaging(report.staging, method);
    }
  }
  const git = { env: options.env ?? { PATH: process.env.PATH ?? '' }, trust: options.trust ?? false };
  if (spec.git) await gitPrepare(ws, spec.git, git);
  for (const [rel, content] of Object.entries(spec.inline)) {
    const to = insideWorkspace(ws, rel);
    if (inSkill(to, 'Inline file')) continue;
    await parentInsideWorkspace(ws, to);
    // A link at the place is replaced, never written through.
    if ((await lstat(to).catch(() => undefined))?.isSymbolicLink()) await rm(to);
    await writeFile(to, content);
  }
  if (spec.git?.applyDiff) await gitApplyDiff(ws, spec.git.applyDiff, git);
  if (warnings.length > 0) report.warnings = warnings;
  return report;
}
