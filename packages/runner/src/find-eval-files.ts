import { readdirSync, realpathSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { type Diagnostic, type Format, findSkillRoot } from '@skill-eval/core';
import { insideBoundary, projectBoundary } from '@skill-eval/format-kit/resolve-fixture';
import { diag } from './discovery-diagnostic.js';
import { isRunDirectory, RUN_MANIFEST_FILE } from './run-manifest.js';
import { findSkillEvals, isSkillFolder } from './skill-evals.js';

/** The eval files found under the paths, before any is read. */
export interface FoundEvalFiles {
  /** Each file found → whether it was named explicitly (on the command line, or by `--evals`). */
  candidates: Map<string, boolean>;
  /** Eval files found for a skill outside its folder → that skill's folder (BMAD's discovery). */
  skillOf: Map<string, string>;
  diagnostics: Diagnostic[];
}

/**
 * The eval files under `paths`: files named directly, files in folders that some format claims by name, and for a
 * skill's folder with none, its evals where BMAD's runner finds them (or where `evals` names them).
 */
export async function findEvalFiles(
  paths: readonly string[],
  { cwd, formats, evals }: { cwd: string; formats: () => Promise<readonly Format[]>; evals?: string },
): Promise<FoundEvalFiles> {
  const found: FoundEvalFiles = { candidates: new Map(), skillOf: new Map(), diagnostics: [] };
  const { candidates, diagnostics } = found;
  // The formats are asked for at the first folder: files named directly need none of them to be found.
  let scan: ((dir: string) => string[]) | undefined;
  if (evals !== undefined && !paths.some((raw) => isSkillFolder(resolve(cwd, raw)))) {
    const message = `--evals names the evals of a skill: give the skill's folder (the one holding SKILL.md) as the path, e.g. \`skill-eval run path/to/skill --evals ${evals}\`.`;
    diagnostics.push(diag('error', 'discovery/evals-without-skill', resolve(cwd, evals), message));
  }
  for (const raw of paths) {
    const path = resolve(cwd, raw);
    const info = statOrUndefined(path);
    if (!info) {
      diagnostics.push(diag('error', 'discovery/not-found', path, `Path does not exist: ${raw}`));
    } else if (info.isDirectory()) {
      scan ??= folderScanner(await formats(), diagnostics, await globToRegExp());
      addFolder(path, found, scan, evals === undefined ? undefined : { evals, file: resolve(cwd, evals) });
    } else if (!info.isFile()) {
      diagnostics.push(notAFile(path, 'error', 'it cannot be read as an eval file'));
    } else {
      candidates.set(path, true);
    }
  }
  return found;
}

/** Adds the eval files of a folder the user named: those a scan finds, else a skill folder's evals found elsewhere. */
function addFolder(
  path: string,
  { candidates, skillOf, diagnostics }: FoundEvalFiles,
  scan: (dir: string) => string[],
  named: { evals: string; file: string } | undefined,
): void {
  const skill = isSkillFolder(path);
  const explicit = !named || !skill ? undefined : named.file;
  let files = explicit ? [] : scan(path);
  // A skill's folder holding no evals: BMAD's places outside it (evals kept apart from the skill's distribution).
  if (files.length === 0 && skill) {
    const found = findSkillEvals(path, scan, explicit);
    files = found.files;
    for (const file of files) if (file !== path && !file.startsWith(path + sep)) skillOf.set(file, path);
    if (found.place && files.length > 0) diagnostics.push(foundForSkill(path, found.place, files));
    if (explicit && files.length === 0)
      diagnostics.push(diag('error', 'discovery/not-found', explicit, `--evals names no eval file: ${named?.evals}`));
  }
  for (const file of files) if (!candidates.has(file)) candidates.set(file, file === explicit);
}

/** A scan of folders for the files some format claims by name; special files it finds are skipped with a warning. */
function folderScanner(
  formats: readonly Format[],
  diagnostics: Diagnostic[],
  makeRe: GlobToRegExp,
): (dir: string) => string[] {
  // Built at the first folder scan: files named directly need no patterns.
  let claims: ((below: string) => boolean) | undefined;
  const claimsName = (below: string) => {
    claims ??= filePatternMatcher(formats, makeRe);
    return claims(below);
  };
  return (dir) => {
    const found = { files: [] as string[], special: [] as string[], linkedOut: [] as LinkedOut[] };
    walk(dir, found);
    // Path patterns see two folders above the scanned one too, so scanning `evals/<set>/` or `evals/cases/`
    // directly still matches `**/evals/**/*.yaml` and `**/cases/*.yaml`.
    const context = dirname(dirname(dir));
    // Every file walked from `dir` starts with the context folder: the rest of its path is what patterns see.
    const prefix = context.endsWith(sep) ? context.length : context.length + 1;
    const belowContext = (file: string) => (sep === '/' ? file.slice(prefix) : file.slice(prefix).split(sep).join('/'));
    for (const file of found.special) {
      if (claimsName(belowContext(file))) diagnostics.push(notAFile(file, 'warning', 'skipped'));
    }
    for (const link of found.linkedOut) {
      if (claimsName(belowContext(link.file))) diagnostics.push(linkedOutOfProject(link));
    }
    return found.files.filter((file) => claimsName(belowContext(file)));
  };
}

/** Directory names never walked into unless named explicitly (dot-dirs are skipped too). */
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

/**
 * Files under `dir`, skipping dependency, build and dot directories, and the run directories skill-eval wrote below it
 * (`-o results/run-1`: their cases.json is a record of a run, not an eval file). Symlinked directories are not followed
 * (loops).
 */
function walk(dir: string, out: { files: string[]; special: string[]; linkedOut: LinkedOut[] }, named = true): void {
  // Synchronous for the same reason as the reads: many small folders.
  const entries = readdirSync(dir, { withFileTypes: true });
  if (!named && entries.some((e) => e.name === RUN_MANIFEST_FILE && e.isFile()) && isRunDirectory(dir)) return;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && !SKIPPED_DIRS.has(entry.name)) walk(path, out, false);
    } else if (entry.isFile()) {
      out.files.push(path);
    } else if (entry.isSymbolicLink() && isFile(path)) {
      // A linked eval file is read only where it leads inside its project: a link out of it is someone else's file.
      const outside = linkOutside(path);
      if (outside) out.linkedOut.push(outside);
      else out.files.push(path);
    } else if (!entry.isSymbolicLink()) {
      // A FIFO, socket or device: reading one would block or never end.
      out.special.push(path);
    }
  }
}

/** A glob's regular expression, as picomatch makes it (dot files matched too). */
type GlobToRegExp = (glob: string) => RegExp;

/** picomatch's, imported at the first folder scan: files named directly need no glob. */
async function globToRegExp(): Promise<GlobToRegExp> {
  const { default: picomatch } = await import('picomatch');
  return (glob) => picomatch.makeRe(glob, { dot: true });
}

/**
 * Whether a posix path matches any of the globs (dot files too), as `picomatch(globs, { dot: true })` says, with its
 * regular expressions tested directly: its matcher does more work per call, and every file of a folder is asked.
 */
function anyOf(globs: string[], makeRe: GlobToRegExp): (path: string) => boolean {
  const tests = globs.map((glob) => ({ glob, re: makeRe(glob) }));
  return (path) => path !== '' && tests.some(({ glob, re }) => path === glob || re.test(path));
}

/** Whether a format claims a file by its path below a scanned folder's context (see loadSuites). */
function filePatternMatcher(formats: readonly Format[], makeRe: GlobToRegExp): (below: string) => boolean {
  // A pattern without a slash matches the file name; one with a slash (`**/cases/*.yaml`) the path below the scanned folder.
  const patterns = formats.flatMap((f) => [...f.filePatterns]);
  const byName = anyOf(
    patterns.filter((p) => !p.includes('/')),
    makeRe,
  );
  const byPath = anyOf(
    patterns.filter((p) => p.includes('/')),
    makeRe,
  );
  return (below) => byName(basename(below)) || byPath(below);
}

/** The status of `path`, undefined when it cannot be had (missing, unreadable); synchronous, as the walk below. */
function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** A link found by a folder scan that leads out of its project: where it leads, and that project. */
interface LinkedOut {
  file: string;
  real: string;
  boundary: string;
}

/** Where the link `file` leads when that is out of its project (format-kit `projectBoundary`); else undefined. */
function linkOutside(file: string): LinkedOut | undefined {
  const folder = dirname(file);
  const boundary = projectBoundary(folder, findSkillRoot(folder));
  if (insideBoundary(boundary)(file)) return undefined;
  return { file, real: realpathSync(file), boundary };
}

/** A scan-found eval file that is a link out of its project: skipped, never read (a file named directly is read). */
function linkedOutOfProject({ file, real, boundary }: LinkedOut): Diagnostic {
  const message = `Skipped: this eval file is a link to ${real}, outside its project (${boundary}), and a folder scan reads no file out of the project. Copy the file into the project, or name the link on the command line to read it.`;
  return diag('warning', 'discovery/link-outside-project', file, message);
}

/** A FIFO, socket or device where an eval file was looked for: reading it would block or never end. */
function notAFile(file: string, severity: 'error' | 'warning', outcome: string): Diagnostic {
  return diag(severity, 'discovery/not-a-file', file, `Not a regular file (a FIFO, socket or device); ${outcome}.`);
}

/** Where BMAD's discovery found a skill's evals, outside its folder or by `--evals`. */
function foundForSkill(skillDir: string, place: string, files: readonly string[]): Diagnostic {
  const where =
    files.length === 1
      ? relative(skillDir, files[0]!)
      : `${files.length} eval files, in ${relative(skillDir, dirname(files[0]!))}`;
  const message = `The skill's evals are ${where} (${place}, as BMAD's runner finds them); they run with this skill.`;
  return diag('info', 'discovery/skill-evals', skillDir, message);
}
