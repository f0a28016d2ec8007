import { SkillEvalError } from '@skill-eval/core';
import which from 'which';
import type { CodexSettings } from './codex-settings.js';
import { INSTALL_HINT } from './install-hint.js';

/** The codex binary to run (`path` setting, else `codex` on PATH), or ENGINE_NOT_FOUND saying how to get one. */
export function resolveCodexBinary(settings: Pick<CodexSettings, 'path'>, pathEnv: string | undefined): string {
  const wanted = settings.path ?? 'codex';
  // `which` checks a name with a slash as given and looks a bare name up on the PATH it is handed.
  const found = which.sync(wanted, { path: pathEnv ?? '', nothrow: true });
  if (found) return found;
  const where = settings.path ? `at ${settings.path}` : 'on PATH';
  throw new SkillEvalError('ENGINE_NOT_FOUND', `The codex binary was not found ${where}.`, { hint: INSTALL_HINT });
}
