import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type EngineRunInput, executionTempDir, type ResolvedMcpServer } from '@skill-eval/core';
import { createHarnessFile, makeFolders } from '@skill-eval/engine-kit/agent-files';
import { COPILOT_CREDENTIAL_VARIABLES, type CopilotAuth } from './copilot-credentials.js';
import { copilotMcpConfig } from './copilot-mcp.js';

/**
 * The skills Copilot CLI 1.0.102 builds in (`session.skills_loaded` lists them with source `builtin`): they would crowd
 * the listing the eval measures, as claude's bundled skills would, so the settings disable them — unless a staged skill
 * has its name.
 */
export const BUILTIN_SKILLS: readonly string[] = ['customize-cloud-agent', 'github-pr-media'];

/** Name of the usage file `--usage-output-file` writes in the execution's HOME, by turn. */
export const usageFile = (home: string, turn: number): string => join(home, `.copilot-usage-${turn + 1}.json`);

/**
 * The child environment: the runner's env without any credential Copilot knows ({@link COPILOT_CREDENTIAL_VARIABLES}:
 * the GitHub tokens, the provider keys, whichever the runner handed on), HOME (Copilot keeps its config and sessions in
 * `~/.copilot`) and TMPDIR ({@link executionTempDir}) in the execution's HOME, no self-update, and the one credential of
 * `auth` under the variable Copilot reads — nothing else: the agent never holds a provider's key beside it, nor the key
 * under its provider API's own name as well. A
 * bring-your-own-key run is offline (`COPILOT_OFFLINE=true`: no GitHub authentication, telemetry, web tools, GitHub
 * MCP server or update check). The package cache (`XDG_CACHE_HOME`, where the binary unpacks its 235 MB package
 * on first start) stays the user's, so that each execution does not unpack it again.
 */
export function buildCopilotEnv(
  input: Pick<EngineRunInput, 'env' | 'home' | 'userHome' | 'sandbox'>,
  auth: CopilotAuth,
  model: string | undefined,
): Record<string, string> {
  const env: Record<string, string> = { ...input.env };
  for (const name of [...COPILOT_CREDENTIAL_VARIABLES, 'COPILOT_HOME', 'XDG_CACHE_HOME']) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('COPILOT_PROVIDER_')) delete env[name];
  env.HOME = input.home;
  // copilot's Node keeps a compile cache of copilot's code in `$TMPDIR/node-compile-cache`, and the agent's shell
  // commands write their temp files there: in the machine's `/tmp` both would outlive the execution. The cost: copilot
  // compiles its code afresh at each start (about 0.3 s of 1.4–1.7 s on a 2-core machine).
  env.TMPDIR = executionTempDir(input.home);
  env.COPILOT_AUTO_UPDATE = 'false';
  env.NO_COLOR = '1';
  const cache = input.env.XDG_CACHE_HOME ?? (input.userHome ? join(input.userHome, '.cache') : undefined);
  if (cache && !input.sandbox) env.XDG_CACHE_HOME = cache;
  if (model) env.COPILOT_MODEL = model;
  if (auth.type === 'byok') {
    env.COPILOT_OFFLINE = 'true';
    env.COPILOT_PROVIDER_TYPE = auth.provider;
    env.COPILOT_PROVIDER_BASE_URL = auth.baseUrl;
    const key = auth.keyVariable ? input.env[auth.keyVariable] : undefined;
    if (key) env[auth.bearer ? 'COPILOT_PROVIDER_BEARER_TOKEN' : 'COPILOT_PROVIDER_API_KEY'] = key;
  } else if (auth.type === 'github-token') {
    const token = input.env[auth.variable];
    if (token) env.COPILOT_GITHUB_TOKEN = token;
  }
  return env;
}

/** The `.copilot` folder of the execution's HOME: settings, instructions, MCP servers, sessions. */
export const copilotDir = (home: string): string => join(home, '.copilot');

/**
 * Prepares `~/.copilot` of the execution's HOME: `settings.json` disabling the built-in skills (its `disabledSkills`),
 * the system prompt as `copilot-instructions.md` (the user's own instructions, which Copilot adds to its system prompt
 * as a `<custom_instruction>`: both verified on copilot 1.0.102), the case's MCP servers as `mcp-config.json` (readable
 * by the user alone: a server's env and headers may hold secrets), and — for a login — a link to the user's
 * `config.json`: a link, so nothing of it lands in the workspace or the results. The files are new files of the fresh
 * HOME, written through the file layer (no link followed, nothing already there written through).
 */
export async function prepareCopilotHome(
  home: string,
  options: {
    auth: CopilotAuth;
    stagedSkills: readonly string[];
    system?: string;
    mcpServers?: readonly ResolvedMcpServer[];
  },
): Promise<void> {
  const dir = copilotDir(home);
  await makeFolders(home, dir);
  await makeFolders(home, executionTempDir(home));
  const disabledSkills = BUILTIN_SKILLS.filter((name) => !options.stagedSkills.includes(name));
  await writeHomeFile(home, join(dir, 'settings.json'), `${JSON.stringify({ disabledSkills }, null, 2)}\n`);
  if (options.system) await writeHomeFile(home, join(dir, 'copilot-instructions.md'), `${options.system}\n`);
  if (options.mcpServers?.length) {
    const config = `${JSON.stringify(copilotMcpConfig(options.mcpServers), null, 2)}\n`;
    await writeHomeFile(home, join(dir, 'mcp-config.json'), config, 0o600);
  }
  if (options.auth.type === 'login') await symlink(options.auth.configFile, join(dir, 'config.json'));
}

/** Writes the new file `path` below the execution's HOME (refused when anything is already there). */
async function writeHomeFile(home: string, path: string, text: string, mode = 0o644): Promise<void> {
  const handle = await createHarnessFile(home, path, mode);
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
}

export interface CopilotArgsOptions {
  /** The session id: given to the first turn (`--session-id`), continued by the next (`--resume`). */
  sessionId?: string;
  /** Whether this turn continues the session. */
  resume?: boolean;
  model?: string;
  /** Where Copilot writes the turn's usage (tokens by model) when it ends. */
  usageFile?: string;
  extraArgs?: readonly string[];
}

/**
 * Arguments of one headless turn (options of `copilot --help`, 1.0.102): `--output-format json` (one JSON event per
 * line), `--allow-all` (every tool, path and URL without confirmation: the unattended mode), `--no-ask-user` (the agent
 * cannot stop to ask), `--no-auto-update`, `--session-id`/`--resume` to continue. The prompt goes on stdin, which
 * Copilot reads as the prompt when it is piped, since one argument may hold at most 128 KiB.
 */
export function buildCopilotArgs(options: CopilotArgsOptions): string[] {
  const args = ['--output-format', 'json', '--allow-all', '--no-ask-user', '--no-auto-update'];
  // One word: a model an eval file pins never reads as an option of Copilot's, whatever it starts with.
  if (options.model) args.push(`--model=${options.model}`);
  if (options.sessionId) args.push(options.resume ? '--resume' : '--session-id', options.sessionId);
  if (options.usageFile) args.push('--usage-output-file', options.usageFile);
  args.push(...(options.extraArgs ?? []));
  return args;
}
