import { resolveBinary } from '@skill-eval/engine-kit';
import { INSTALL_HINT } from './install-hint.js';
import type { QodercliSettings } from './qodercli-settings.js';

/** The qodercli binary to run (`path` setting, else `qodercli` on PATH), or ENGINE_NOT_FOUND saying how to get one. */
export function resolveQodercliBinary(settings: Pick<QodercliSettings, 'path'>, pathEnv: string | undefined): string {
  return resolveBinary('qodercli', settings.path, pathEnv, INSTALL_HINT);
}
