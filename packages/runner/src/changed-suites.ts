import { relative, sep } from 'node:path';
import type { Suite } from '@skill-eval/core';
import { referencedPaths } from './case-inputs.js';
import { type ProjectExclusion, projectExclusion } from './project-exclusion.js';

/** A suite `--changed` leaves out, and why. */
export interface UnchangedSuite {
  suite: Suite;
  /** What was looked at, in words: "no change to its eval files, its skill or the files its cases use". */
  why: string;
}

/** Which suites to run, given the files changed since a ref. */
export interface ChangedSuites {
  /** The suites with a change, each with the first changed path that made it run (relative to `cwd`). */
  changed: { suite: Suite; because: string }[];
  unchanged: UnchangedSuite[];
}

/**
 * The suites whose inputs changed: a suite runs when a changed file is one of its eval files (the file, or the case
 * files a suite file reads, such as skill-up's cases/), lies in a skill one of its cases stages (the whole skill
 * folder: SKILL.md, references, scripts), or is a fixture, tree, script or file one of its cases names — the same
 * inputs the result cache keys a case by (case-inputs.ts). A case that copies its project (BMAD) depends on the
 * project, less what its copy leaves out.
 */
export async function selectChangedSuites(
  suites: readonly Suite[],
  changedFiles: ReadonlySet<string>,
  cwd: string,
): Promise<ChangedSuites> {
  const changed: ChangedSuites['changed'] = [];
  const unchanged: UnchangedSuite[] = [];
  const files = [...changedFiles].sort();
  for (const suite of suites) {
    const because = files.find(await inputOf(suite));
    if (because !== undefined) changed.push({ suite, because: relative(cwd, because) || because });
    else unchanged.push({ suite, why: 'no change to its eval files, its skill or the files its cases use' });
  }
  return { changed, unchanged };
}

/** Whether a changed path is an input of `suite`. */
async function inputOf(suite: Suite): Promise<(path: string) => boolean> {
  const files = new Set<string>([suite.file]);
  const trees = new Set<string>();
  const projects: { root: string; excluded: ProjectExclusion }[] = [];
  if (suite.skill) trees.add(suite.skill.dir);
  for (const testCase of suite.cases) {
    files.add(testCase.source.file);
    const inputs = referencedPaths(testCase, testCase.skills);
    for (const dir of [...inputs.skills, ...inputs.trees]) trees.add(dir);
    for (const file of inputs.files) files.add(file);
    const project = testCase.workspace.project;
    if (project) projects.push({ root: project.root, excluded: await projectExclusion(project.root, project.exclude) });
  }
  return (path) =>
    files.has(path) ||
    [...trees].some((tree) => within(path, tree)) ||
    projects.some((project) => inProject(path, project.root, project.excluded));
}

const within = (path: string, tree: string) => path === tree || path.startsWith(tree.endsWith(sep) ? tree : tree + sep);

/** A path under a copied project that its copy keeps (not under .git, node_modules, a run folder or an exclusion). */
function inProject(path: string, root: string, excluded: ProjectExclusion): boolean {
  if (!within(path, root) || path === root) return false;
  const parts = relative(root, path).split(sep);
  return parts.every((_, i) => !excluded(parts.slice(0, i + 1).join('/'), i < parts.length - 1));
}
