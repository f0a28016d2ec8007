import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, resolve, sep, win32 } from 'node:path';
import { defineQuestion, type FixtureFile, observedExists, observedRealPath } from '@skill-eval/core';
import { realOrResolved } from './real-or-resolved.js';

/** Where a `files` entry ended up: staged, refused for leaving its root, out of the project, or not found. */
export type FixtureResolution =
  | { kind: 'ok'; fixture: FixtureFile }
  | { kind: 'escape'; reason: string }
  | { kind: 'outside'; path: string }
  | { kind: 'missing'; lookedAt: string[] };

const inside = (path: string, root: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * Resolves one `files` entry against each base directory in turn (first hit wins). Absolute paths are refused
 * outright. Without a `boundary` an entry may not leave its base: `..` is refused, and a hit whose real path
 * (symlinks followed) lies outside the base is refused rather than skipped, so it fails closed. With one (the eval
 * file's project, see {@link projectBoundary}) `..` may climb as far as the boundary: a target beyond it is `outside`
 * (an error `--trust` lifts), and in the workspace the entry keeps its path without the leading `../`.
 */
export function resolveFixture(
  entry: string,
  bases: readonly string[],
): Exclude<FixtureResolution, { kind: 'outside' }>;
export function resolveFixture(entry: string, bases: readonly string[], boundary: string): FixtureResolution;
export function resolveFixture(entry: string, bases: readonly string[], boundary?: string): FixtureResolution {
  if (isAbsolute(entry) || win32.isAbsolute(entry)) {
    return { kind: 'escape', reason: 'it is an absolute path; write it relative to the skill root' };
  }
  const climbs = entry.split(/[\\/]+/).includes('..');
  if (climbs && boundary === undefined) {
    return { kind: 'escape', reason: 'it contains ".."; fixtures must sit inside the skill root' };
  }
  const to = climbs ? normalize(entry).replace(/^(\.\.[\\/])+/, '') : entry;
  const lookedAt: string[] = [];
  for (const base of bases) {
    const candidate = resolve(base, entry);
    lookedAt.push(candidate);
    if (!observedExists(candidate)) continue;
    const real = observedRealPath(candidate);
    const limit = observedRealPath(boundary ?? base);
    if (!inside(real, limit)) {
      if (boundary !== undefined) return { kind: 'outside', path: real };
      return { kind: 'escape', reason: `it is a symlink to ${real}, outside ${limit}` };
    }
    return { kind: 'ok', fixture: { from: real, to } };
  }
  return { kind: 'missing', lookedAt };
}

/** The nearest directory at or above `from` holding `.git`: BMAD's project root, which its gen-1 `files` are relative to. */
export function findProjectRoot(from: string, markers: readonly string[] = ['.git']): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (markers.some((marker) => observedExists(join(dir, marker)))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * BMAD's project root: the nearest folder at or above `from` holding `_bmad/` or `.git` (bmad-eval-runner's
 * `--project-root` default, "walk up from the skill path looking for `_bmad/` or `.git/`"); undefined when none does.
 */
export const bmadProjectRoot = (from: string): string | undefined => findProjectRoot(from, ['_bmad', '.git']);

/**
 * The folder an eval file may reach into without `--trust` (`file://../x`, `environment.workdir: ../x`): its
 * repository (the nearest folder above it that is a git work tree), else the skill root above it, else its own folder.
 * The user and the command line are trusted, eval files are not: a reference out of this folder would copy or read any
 * host file into an agent's workspace or a judge's prompt.
 */
export function projectBoundary(from: string, skillRoot?: string): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (observedRepositoryRoot(dir)) return dir;
    if (dirname(dir) === dir) return skillRoot ?? from;
  }
}

/**
 * Whether `dir` is the top of a git work tree, as git's own discovery tells one (setup.c is_git_directory): its `.git`
 * is a folder holding `HEAD`, `objects` and `refs`, or a file pointing at one (`gitdir: …`, a worktree or submodule);
 * and, as git asks since 2.35.2 (CVE-2022-24765, ensure_valid_ownership), that `.git` is the user's own. Anyone may make
 * `/tmp/.git` — codex's Linux sandbox leaves an empty one there — and it must not widen what the eval files of every
 * folder under it may reach.
 */
function isRepositoryRoot(dir: string): boolean {
  const git = join(dir, '.git');
  const stat = statSync(git, { throwIfNoEntry: false });
  if (!stat || !ownedByUser(stat.uid)) return false;
  if (stat.isFile()) return startsWith(git, 'gitdir:');
  if (!stat.isDirectory()) return false;
  return (
    statSync(join(git, 'HEAD'), { throwIfNoEntry: false })?.isFile() === true &&
    ['objects', 'refs'].every((sub) => statSync(join(git, sub), { throwIfNoEntry: false })?.isDirectory() === true)
  );
}

/** {@link isRepositoryRoot}, noted as a load's question (observed-reads.ts in core). */
const observedRepositoryRoot = defineQuestion('repository-root', isRepositoryRoot, String);

/** Whether a file of owner `uid` is the running user's (always, where the system has no user ids). */
const ownedByUser = (uid: number): boolean => process.getuid === undefined || uid === process.getuid();

/** Whether the file begins with `prefix` (read no further; an unreadable file does not). */
function startsWith(file: string, prefix: string): boolean {
  try {
    const fd = openSync(file, 'r');
    try {
      const head = Buffer.alloc(prefix.length);
      return readSync(fd, head, 0, head.length, 0) === head.length && head.toString('utf8') === prefix;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** Whether `path` lies inside `boundary`, symlinks followed where the path exists. */
export function isInsideBoundary(path: string, boundary: string): boolean {
  return insideBoundary(boundary)(path);
}

/**
 * {@link isInsideBoundary} for many paths under one boundary, whose real path is looked up once rather than once a
 * path (a skill-up suite of 200 case files looked it up 200 times, two system calls a folder of it each time).
 */
export function insideBoundary(boundary: string): (path: string) => boolean {
  const realBoundary = observedRealOrResolved(boundary);
  return (path) => inside(observedRealOrResolved(path), realBoundary);
}

const observedRealOrResolved = defineQuestion('real-or-resolved', realOrResolved, (path) => path);

/** What to say of a reference that leaves the project (see {@link projectBoundary}). */
export function outsideProjectMessage(ref: string, path: string, boundary: string): string {
  return `"${ref}" resolves to ${path}, outside this project (${boundary}${observedRepositoryNote(boundary)}); an eval file may reach outside its project only with --trust. Move the file into the project, or pass --trust if you trust this eval file.`;
}

/**
 * Why the nearest `.git` above `boundary` did not make its folder the project, when there is one and it did not (see
 * {@link isRepositoryRoot}); empty otherwise. Asked only for a message.
 */
function refusedRepositoryNote(boundary: string): string {
  // A repository is its own reason; a .git in the boundary itself changes nothing: the project is that folder anyway.
  if (isRepositoryRoot(boundary)) return '';
  for (let dir = dirname(resolve(boundary)); ; dir = dirname(dir)) {
    const git = join(dir, '.git');
    const stat = statSync(git, { throwIfNoEntry: false });
    if (stat && !isRepositoryRoot(dir)) {
      return ownedByUser(stat.uid)
        ? `: ${git} is no git repository, so ${dir} is not the project`
        : `: ${git} belongs to another user, so ${dir} is not the project, as git does not trust it either unless it is a safe.directory`;
    }
    if (stat || dirname(dir) === dir) return '';
  }
}

const observedRepositoryNote = defineQuestion('repository-note', refusedRepositoryNote, (note) => note);

/** `from` and each folder above it up to `boundary` (only `from` when there is none): the places a path may be written from. */
export function foldersUpTo(from: string, boundary: string | undefined): string[] {
  const folders = [from];
  if (!boundary) return folders;
  for (let dir = from; dir !== boundary && dirname(dir) !== dir; ) {
    dir = dirname(dir);
    folders.push(dir);
  }
  return folders;
}
