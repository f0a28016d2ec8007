import { SkillEvalError } from '@skill-eval/core';
import type { ClaudeCodeSettings } from './claude-code-settings.js';
import { findExecutable } from './find-executable.js';
import { INSTALL_HINT } from './install-hint.js';

/** The claude binary to run (`path` setting, else `claude` on PATH), or ENGINE_NOT_FOUND saying how to get one. */
export function resolveClaudeBinary(settings: Pick<ClaudeCodeSettings, 'path'>, pathEnv: string | undefined): string {
  const wanted = settings.path ?? 'claude';
  const found = findExecutable(wanted, pathEnv);
  if (found) return found;
  const where = settings.path ? `at ${settings.path}` : 'on PATH';
  throw new SkillEvalError('ENGINE_NOT_FOUND', `The claude binary was not found ${where}.`, { hint: INSTALL_HINT });
}
