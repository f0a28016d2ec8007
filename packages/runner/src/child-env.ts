import { executionTempDir } from '@skill-eval/core';
import { hostProgramEnv } from './policy/host-program-env.js';

export {
  HOST_PROGRAM_PREFIX as ENV_ALLOWED_PREFIX,
  HOST_PROGRAM_VARIABLES as ENV_ALLOWLIST,
  MODEL_KEY_VARIABLES,
} from './policy/host-program-env.js';

/**
 * What an engine sees of the user's environment: the host-program allow-list of `source`, the variables the engine
 * names as its own (`extra`: its credentials among them), and the user's HOME. An engine's `missingSetup` is asked
 * with exactly this, so whatever it finds there also reaches its `run()`.
 */
export function engineEnv(
  source: Readonly<Record<string, string | undefined>>,
  extra: readonly string[] = [],
): Record<string, string> {
  return hostProgramEnv(source, extra);
}

/**
 * The environment of one execution: what the engine sees of the user's ({@link engineEnv}), HOME the fresh home and
 * TMPDIR the temp folder in it ({@link executionTempDir}), not the machine's.
 */
export function buildChildEnv(
  source: Readonly<Record<string, string | undefined>>,
  home: string,
  extra: readonly string[] = [],
): Record<string, string> {
  return { ...engineEnv(source, extra), HOME: home, TMPDIR: executionTempDir(home) };
}
