import { resolveBinary } from '@skill-eval/engine-kit';
import type { ClaudeCodeSettings } from './claude-code-settings.js';
import { INSTALL_HINT } from './install-hint.js';

/** The claude binary to run (`path` setting, else `claude` on PATH), or ENGINE_NOT_FOUND saying how to get one. */
export function resolveClaudeBinary(settings: Pick<ClaudeCodeSettings, 'path'>, pathEnv: string | undefined): string {
  return resolveBinary('claude', settings.path, pathEnv, INSTALL_HINT);
}
