import { resolveBinary } from '@skill-eval/engine-kit';
import type { CodexSettings } from './codex-settings.js';
import { INSTALL_HINT } from './install-hint.js';

/** The codex binary to run (`path` setting, else `codex` on PATH), or ENGINE_NOT_FOUND saying how to get one. */
export function resolveCodexBinary(settings: Pick<CodexSettings, 'path'>, pathEnv: string | undefined): string {
  return resolveBinary('codex', settings.path, pathEnv, INSTALL_HINT);
}
