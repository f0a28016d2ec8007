import { join, sep } from 'node:path';
import { isRunDirectory } from './run-manifest.js';

/**
 * Never copied with a project: its repository, its installed dependencies and skill-eval's own runs and cache. The
 * agent works on the project's files, not on its history or on what a package manager can bring back.
 */
export const LEFT_OUT_OF_A_PROJECT: readonly string[] = ['.git', 'node_modules', '.skill-eval'];

/** Whether an entry of a project tree is left out: its path below the root (`/`-separated), and whether it is a folder. */
export type ProjectExclusion = (rel: string, isDir: boolean) => boolean;

const exclusions = new Map<string, Promise<ProjectExclusion>>();

/**
 * A matcher of any of `globs` (dot files too); never matching when there are none. picomatch is imported for a case
 * that excludes patterns, not by every run: most copy no project, or exclude nothing.
 */
async function anyGlob(globs: readonly string[]): Promise<(text: string) => boolean> {
  if (globs.length === 0) return () => false;
  const { default: picomatch } = await import('picomatch');
  return picomatch([...globs], { dot: true });
}

/**
 * What a copy of the project at `root` leaves out: {@link LEFT_OUT_OF_A_PROJECT}, the run folders skill-eval wrote in
 * it (a `run.json` manifest), the folders named in `outside` (the run's own directory and temp folder, when they lie in
 * the project), and the user's `exclude` patterns — a name matches an entry at any depth, a pattern with a slash the
 * path below the root. One function per distinct input, so that a run asks each folder once.
 */
export function projectExclusion(
  root: string,
  exclude: readonly string[] = [],
  outside: readonly string[] = [],
): Promise<ProjectExclusion> {
  const key = JSON.stringify([root, exclude, outside]);
  let exclusion = exclusions.get(key);
  if (!exclusion) {
    exclusion = exclusionOf(root, exclude, outside);
    exclusions.set(key, exclusion);
  }
  return exclusion;
}

async function exclusionOf(
  root: string,
  exclude: readonly string[],
  outside: readonly string[],
): Promise<ProjectExclusion> {
  const names = new Set(LEFT_OUT_OF_A_PROJECT);
  const byName = await anyGlob(exclude.filter((p) => !p.includes('/')));
  const byPath = await anyGlob(exclude.filter((p) => p.includes('/')).map((p) => p.replace(/^\/+|\/+$/g, '')));
  const prefix = root.endsWith(sep) ? root : root + sep;
  const outsideRel = new Set(
    outside.filter((dir) => dir.startsWith(prefix)).map((dir) => dir.slice(prefix.length).split(sep).join('/')),
  );
  const exclusion: ProjectExclusion = (rel, isDir) => {
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    if (names.has(name) || byName(name) || byPath(rel) || outsideRel.has(rel)) return true;
    return isDir && isRunDirectory(join(root, rel));
  };
  return exclusion;
}
