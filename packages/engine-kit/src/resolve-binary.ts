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
  const where = settingsPath ? `at ${settingsPath}` : 'on PATH';
  throw new SkillEvalError('ENGINE_NOT_FOUND', `The ${name} binary was not found ${where}.`, { hint: installHint });
}
