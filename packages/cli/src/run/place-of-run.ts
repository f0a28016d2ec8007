import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { RUN_MANIFEST_FILE } from '@skill-eval/runner';

/**
 * Where run.json's `invocation` says a run was started: its working directory, its paths and its run directory
 * (absent from runs written before it was kept).
 */
export interface RecordedPlace {
  cwd: string;
  paths: readonly unknown[];
  runDir?: unknown;
}

/** `path`, absolute, lies inside `dir`. */
const isInside = (dir: string, path: string): boolean => {
  const rel = relative(dir, path);
  return isAbsolute(path) && rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/**
 * The working directory and paths to plan a run again in, from its run.json. A run directory that has moved since it
 * was written — committed with its project and checked out at another path, as in CI — is read in the project it sits
 * in now: the directory that stands to it as the recorded working directory did, when every path of the run is there
 * (paths inside the old working directory move with it). Otherwise the run is planned where it was started.
 * `hint` says what to do when that directory is not on this machine.
 */
export function placeOfRun(recorded: RecordedPlace, runDir: string, hint: string): { cwd: string; paths: string[] } {
  const paths = recorded.paths.map(String);
  if (typeof recorded.runDir === 'string' && recorded.runDir !== runDir) {
    const cwd = resolve(runDir, relative(recorded.runDir, recorded.cwd));
    const moved = paths.map((p) => (isInside(recorded.cwd, p) ? resolve(cwd, relative(recorded.cwd, p)) : p));
    if (existsSync(cwd) && moved.every((p) => existsSync(resolve(cwd, p)))) return { cwd, paths: moved };
  }
  if (!existsSync(recorded.cwd)) {
    throw new SkillEvalError(
      'USAGE',
      `${join(runDir, RUN_MANIFEST_FILE)}: the run was started in ${recorded.cwd}, which is not on this machine, and ${runDir} does not sit in a copy of it that holds the run's paths (${paths.join(', ') || '.'}).`,
      { hint },
    );
  }
  return { cwd: recorded.cwd, paths };
}
