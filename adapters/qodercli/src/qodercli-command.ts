import { join } from 'node:path';
import type { EngineRunInput } from '@skill-eval/core';

/** The only credential qodercli takes from the environment; exchanged by qodercli itself for a session. */
export const TOKEN_VAR = 'QODER_PERSONAL_ACCESS_TOKEN';

/**
 * The child environment: the runner's allowlisted env, a fresh HOME with qodercli's config dir inside it,
 * and the access token when one is set (in the run's env, else in ours: the runner's allowlist predates qodercli).
 */
export function buildQodercliEnv(
  input: Pick<EngineRunInput, 'env' | 'home'>,
  parentEnv: Record<string, string | undefined> = process.env,
): Record<string, string> {
  const env: Record<string, string> = { ...input.env };
  env.HOME = input.home;
  env.QODER_CONFIG_DIR = join(input.home, '.qoder');
  // Without a token qodercli offers a browser login; never open a browser from an unattended run.
  env.NO_BROWSER = '1';
  const token = input.env[TOKEN_VAR] || parentEnv[TOKEN_VAR];
  if (token) env[TOKEN_VAR] = token;
  return env;
}

export interface QodercliArgsOptions {
  prompt: string;
  permissionMode: string;
  /** Session to continue (`-r`); undefined for the first turn. */
  resume?: string;
  model?: string;
  maxTurns?: number;
  system?: string;
  allowedTools?: readonly string[];
  extraArgs?: readonly string[];
}

/** Arguments of one `qodercli -p` turn. Credentials never go here: they travel in the environment. */
export function buildQodercliArgs(options: QodercliArgsOptions): string[] {
  // The prompt is the value of -p; a leading dash would be read as a flag, a leading space is not.
  const prompt = options.prompt.startsWith('-') ? ` ${options.prompt}` : options.prompt;
  const args = ['-p', prompt, '--output-format', 'stream-json', '--permission-mode', options.permissionMode];
  // A workspace's `.mcp.json` (brought by a fixture) would start its servers before the session: only servers given
  // on the command line load.
  args.push('--strict-mcp-config');
  if (options.model) args.push('-m', options.model);
  if (options.maxTurns !== undefined) args.push('--max-turns', String(options.maxTurns));
  if (options.system) args.push('--append-system-prompt', options.system);
  if (options.allowedTools?.length) args.push('--allowed-tools', options.allowedTools.join(','));
  if (options.resume) args.push('-r', options.resume);
  args.push(...(options.extraArgs ?? []));
  return args;
}
