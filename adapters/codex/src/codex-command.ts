import { join } from 'node:path';
import { type EngineRunInput, executionTempDir } from '@skill-eval/core';
import type { CodexSettings } from './codex-settings.js';

/** Id of the model provider the harness defines on the command line. */
export const PROVIDER_ID = 'skilleval';
/** Used when neither the `baseUrl` setting nor `OPENAI_BASE_URL` names an endpoint. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** A TOML basic string (JSON's escapes are TOML's, except that TOML also wants DEL escaped). */
export function tomlString(value: string): string {
  return JSON.stringify(value).replaceAll('\u007f', '\\u007f');
}

/**
 * The model endpoint: the `baseUrl` setting, else `OPENAI_BASE_URL` (which codex itself ignores), else OpenAI's — or,
 * for the user's codex login, undefined: codex's own provider then chooses it (ChatGPT's for a ChatGPT login).
 */
export function resolveBaseUrl(
  settings: Pick<CodexSettings, 'baseUrl'>,
  env: Record<string, string>,
  login = false,
): string | undefined {
  return settings.baseUrl ?? (env.OPENAI_BASE_URL || (login ? undefined : OPENAI_BASE_URL));
}

/**
 * The child environment: the runner's allowlisted env with HOME, CODEX_HOME and TMPDIR pointed into the fresh HOME.
 * codex refuses to create its helper aliases (the `codex-linux-sandbox` its sandbox starts every command through) in
 * a CODEX_HOME under the temp dir; a fresh HOME is made in the temp dir, so TMPDIR moves beside CODEX_HOME instead.
 */
export function buildCodexEnv(input: Pick<EngineRunInput, 'env' | 'home'>): Record<string, string> {
  return { ...input.env, HOME: input.home, CODEX_HOME: codexHome(input.home), TMPDIR: executionTempDir(input.home) };
}

export const codexHome = (home: string): string => join(home, '.codex');

/** How this turn relates to the conversation. */
export type CodexTurn = { kind: 'single' } | { kind: 'first' } | { kind: 'resume'; threadId: string };

export interface CodexArgsOptions {
  turn: CodexTurn;
  model: string;
  /** The endpoint of the harness's provider; undefined leaves codex's own provider (a ChatGPT login's). */
  baseUrl: string | undefined;
  /**
   * Name of the environment variable codex reads the key from (the key itself never goes on argv); undefined for the
   * user's codex login (`auth.json` in CODEX_HOME).
   */
  apiKeyEnv: string | undefined;
  sandbox: CodexSettings['sandbox'];
  system?: string;
  /** `-c mcp_servers.…` overrides (see codexMcpFlags). */
  mcpFlags?: readonly string[];
  extraArgs?: readonly string[];
}

/**
 * `-c` overrides that define a provider from flags alone: the Responses API over HTTP+SSE (the
 * built-in provider first tries a WebSocket), the key read from an env var — or, without one, the user's codex login
 * (`requires_openai_auth`: ChatGPT tokens or a key from `auth.json`) — and no retries (the
 * runner owns retries; codex's backoff would turn a 401 into a long wait).
 */
export function providerFlags(baseUrl: string, apiKeyEnv: string | undefined): string[] {
  const p = `model_providers.${PROVIDER_ID}`;
  return [
    ['model_provider', tomlString(PROVIDER_ID)],
    [`${p}.name`, tomlString(PROVIDER_ID)],
    [`${p}.base_url`, tomlString(baseUrl)],
    [`${p}.wire_api`, tomlString('responses')],
    apiKeyEnv ? [`${p}.env_key`, tomlString(apiKeyEnv)] : [`${p}.requires_openai_auth`, 'true'],
    [`${p}.request_max_retries`, '0'],
    [`${p}.stream_max_retries`, '0'],
  ].flatMap(([key, value]) => ['-c', `${key}=${value}`]);
}

/**
 * The sandbox settings of every codex command, beside its mode: the host's /tmp is no writable root of the agent (its
 * TMPDIR, the execution's own, stays one). codex's Linux sandbox makes empty `.git`, `.agents` and `.codex` mount
 * targets in each writable root that lacks them, and leaves them when its helper is killed (openai/codex#31599), as a
 * timed-out execution's is: in the host's /tmp they made every folder below it read as inside a repository.
 */
export const CODEX_SANDBOX_CONFIG: readonly string[] = ['-c', 'sandbox_workspace_write.exclude_slash_tmp=true'];

/**
 * Arguments of one `codex exec` (or `codex exec resume`) turn. They end with `-- -`: codex reads the prompt from stdin,
 * since one argument may hold at most 128 KiB.
 */
export function buildCodexArgs(options: CodexArgsOptions): string[] {
  const { turn } = options;
  // `exec resume` has no `-s`; the config key does the same.
  const sandbox =
    turn.kind === 'resume' ? ['-c', `sandbox_mode=${tomlString(options.sandbox)}`] : ['-s', options.sandbox];
  const args = [
    'exec',
    ...(turn.kind === 'resume' ? ['resume'] : []),
    '--json',
    '--skip-git-repo-check',
    ...(turn.kind === 'single' ? ['--ephemeral'] : []),
    // One word: clap takes a separate word that starts with a dash for a flag, never as the model.
    `--model=${options.model}`,
    ...sandbox,
    ...CODEX_SANDBOX_CONFIG,
    // Plugins, apps and analytics are what reach outside hosts; with them off only the provider is contacted.
    '--disable',
    'plugins',
    '--disable',
    'apps',
    '-c',
    'analytics.enabled=false',
    // The bundled system skills (imagegen, skill-creator, …) would crowd the listing the eval measures.
    '-c',
    'skills.bundled.enabled=false',
    ...(options.baseUrl === undefined ? [] : providerFlags(options.baseUrl, options.apiKeyEnv)),
  ];
  if (options.system) args.push('-c', `developer_instructions=${tomlString(options.system)}`);
  if (options.mcpFlags?.length) args.push(...options.mcpFlags);
  args.push(...(options.extraArgs ?? []), '--');
  if (turn.kind === 'resume') args.push(turn.threadId);
  args.push('-');
  return args;
}
