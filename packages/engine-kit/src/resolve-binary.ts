import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { findExecutable } from './find-executable.js';

/**
 * The binary to run: `settingsPath` when the user gave one, else `name` on `pathEnv`.
 * Throws ENGINE_NOT_FOUND with `installHint` when nothing runnable is there.
 */
export function resolveBinary(
  name: string,
  settingsPath: string | undefined,
  pathEnv: string | undefined,
  installHint: string,
): string {
  const found = findExecutable(settingsPath ?? name, pathEnv);
  if (found) return found;
  if (settingsPath) {
    const unusable = whyUnusable(resolve(settingsPath));
    if (unusable) throw new SkillEvalError('ENGINE_NOT_FOUND', `The ${name} binary at ${settingsPath} ${unusable}`);
  }
  const where = settingsPath ? `at ${settingsPath}` : 'on PATH';
  throw new SkillEvalError('ENGINE_NOT_FOUND', `The ${name} binary was not found ${where}.`, { hint: installHint });
}

/** Why a path that exists cannot be run, or undefined when nothing is there. */
function whyUnusable(file: string): string | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (stat.isDirectory()) return 'is a folder; give the path of the program inside it.';
  if (!stat.isFile()) return 'is not a regular file; give the path of the program.';
  return `is not executable; make it so (chmod +x ${file}) or give another path.`;
}
