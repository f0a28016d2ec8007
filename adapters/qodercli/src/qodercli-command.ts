import { join } from 'node:path';
import { type EngineRunInput, executionTempDir } from '@skill-eval/core';

/** The only credential qodercli takes from the environment; exchanged by qodercli itself for a session. */
export const TOKEN_VAR = 'QODER_PERSONAL_ACCESS_TOKEN';

/**
 * The child environment: the runner's env (its allowlist, and the access token, which the engine names as its own),
 * and a fresh HOME with qodercli's config dir and the temp folder inside it.
 */
export function buildQodercliEnv(input: Pick<EngineRunInput, 'env' | 'home'>): Record<string, string> {
  const env: Record<string, string> = { ...input.env };
  env.HOME = input.home;
  env.QODER_CONFIG_DIR = qodercliConfigDir(input.home);
  // qodercli (a Node program, gemini-cli's fork) and the agent's shell commands write their temp files there; in the
  // machine's `/tmp` they would outlive the execution, for the next one to find.
  env.TMPDIR = executionTempDir(input.home);
  // Without a token or a login qodercli offers a browser login; never open a browser from an unattended run.
  env.NO_BROWSER = '1';
  return env;
}

/** qodercli's config dir in an execution's fresh HOME. */
export const qodercliConfigDir = (home: string): string => join(home, '.qoder');

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
  // What the eval file chose goes in one word with its option: qodercli parses with gemini-cli's yargs, which reads a
  // separate word that starts with a dash as an option of its own.
  if (options.model) args.push(`--model=${options.model}`);
  if (options.maxTurns !== undefined) args.push('--max-turns', String(options.maxTurns));
  if (options.system) args.push(`--append-system-prompt=${options.system}`);
  if (options.allowedTools?.length) args.push(`--allowed-tools=${options.allowedTools.join(',')}`);
  if (options.resume) args.push('-r', options.resume);
  args.push(...(options.extraArgs ?? []));
  return args;
}
