import { SkillEvalError } from '@skill-eval/core';
import { findExecutable } from './find-executable.js';
import { INSTALL_HINT } from './install-hint.js';
import type { QodercliSettings } from './qodercli-settings.js';

/** The qodercli binary to run (`path` setting, else `qodercli` on PATH), or ENGINE_NOT_FOUND saying how to get one. */
export function resolveQodercliBinary(settings: Pick<QodercliSettings, 'path'>, pathEnv: string | undefined): string {
  const wanted = settings.path ?? 'qodercli';
  const found = findExecutable(wanted, pathEnv);
  if (found) return found;
  const where = settings.path ? `at ${settings.path}` : 'on PATH';
  throw new SkillEvalError('ENGINE_NOT_FOUND', `The qodercli binary was not found ${where}.`, { hint: INSTALL_HINT });
}
