import { lstat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type EngineRunInput, executionTempDir, type ResolvedMcpServer } from '@skill-eval/core';
import { makeFolders, writeBelowAgentFolder, writeHarnessFile } from '@skill-eval/engine-kit/agent-files';
import type { GeminiCliSettings } from './gemini-cli-settings.js';
import { cloudLoginFiles, type GeminiAuth } from './gemini-credentials.js';
import { geminiMcpServers } from './gemini-mcp.js';

/**
 * The skills gemini 0.61.0 bundles (`bundle/builtin/<name>/SKILL.md`: skill-creator, antigravity-support; discoverBuiltinSkills,
 * bundle/chunk-JDPZ4CE3.js:364562), listed
 * beside the staged ones in every system prompt; they would crowd the listing the eval measures, as claude's bundled
 * skills would (CLAUDE_CODE_DISABLE_BUNDLED_SKILLS). A staged skill of the same name stays on.
 */
export const BUILTIN_SKILLS: readonly string[] = ['skill-creator', 'antigravity-support'];

/** Environment that keeps gemini to one process, its files in the execution's HOME, offline but for its model. */
const FIXED_ENV: Record<string, string> = {
  // gemini.js:65 otherwise relaunches itself as a child node (with a larger heap) whose parent ignores SIGTERM.
  GEMINI_CLI_NO_RELAUNCH: 'true',
  // The workspace is the eval's; only skills staged in it are trusted, which needs a trusted folder (discoverSkills,
  // chunk-JDPZ4CE3.js:364551; the variable is checkPathTrust's, chunk-JDPZ4CE3.js:358767, what --skip-trust sets).
  // A trusted folder also makes gemini look for a `.gemini/.env` in it and every folder above: see fenceGeminiEnvFile.
  GEMINI_CLI_TRUST_WORKSPACE: 'true',
};

/** The `.gemini/.env` of the workspace, which ends gemini's search for an env file (see {@link fenceGeminiEnvFile}). */
export const workspaceEnvFile = (workspace: string): string => join(workspace, '.gemini', '.env');

/** What the harness's own `<workspace>/.gemini/.env` says: nothing gemini reads as a variable. */
export const FENCE_ENV_TEXT =
  '# Written by skill-eval: gemini loads the first .gemini/.env from its working folder up to /, so this empty one\n' +
  '# keeps the .env files of the folders above the workspace from reaching it.\n';

/**
 * Makes the workspace's own `.gemini/.env` the env file gemini loads, so that none of a folder above it does.
 *
 * At start gemini 0.61.0 loads one env file into its environment (loadEnvironment, bundle/chunk-2YTYPKEZ.js:16476,
 * called with process.cwd(), the workspace): findEnvFile (:16416-16445) returns, in a trusted folder — and the
 * engine trusts the workspace — the first `<folder>/.gemini/.env` from the workspace up to `/`, before the HOME's.
 * Any user of the machine can write `/tmp/.gemini/.env`, and one there names a `GOOGLE_GEMINI_BASE_URL`, a proxy, or
 * `NODE_TLS_REJECT_UNAUTHORIZED`, and gets the key. The search stops at the first file it finds: the workspace's,
 * written here when the workspace has none. A fixture's `.gemini/.env` is refused without --trust (the runner's
 * agent-project-files); with --trust it stays, and is the one gemini loads. Variables the harness sets are never
 * replaced by an env file either way: gemini sets only those the environment lacks (`!Object.hasOwn(process.env,
 * key)`, :16512).
 */
export async function fenceGeminiEnvFile(workspace: string): Promise<void> {
  const file = workspaceEnvFile(workspace);
  if (await lstat(file).catch(() => undefined)) return;
  // No replace: a link or anything else a setup step left at the place is never written through.
  await writeHarnessFile(workspace, file, FENCE_ENV_TEXT, false);
}

/** The `.gemini` folder of the execution's HOME: settings, sessions, the login link. */
export const geminiDir = (home: string): string => join(home, '.gemini');

/**
 * The child environment: the runner's env (its allowlist and gemini's own credentials), HOME and TMPDIR in the
 * execution's HOME, gcloud's login for Vertex AI, the `baseUrl` setting as `GOOGLE_GEMINI_BASE_URL`.
 */
export function buildGeminiEnv(
  input: Pick<EngineRunInput, 'env' | 'home' | 'userHome'>,
  settings: Pick<GeminiCliSettings, 'baseUrl'>,
  auth: GeminiAuth,
): Record<string, string> {
  const env: Record<string, string> = {
    ...input.env,
    ...cloudLoginFiles(input.env, auth, input.userHome),
    ...FIXED_ENV,
    HOME: input.home,
    // gemini and its tools write there (its error reports go to os.tmpdir()).
    TMPDIR: executionTempDir(input.home),
  };
  if (settings.baseUrl) env.GOOGLE_GEMINI_BASE_URL = settings.baseUrl;
  return env;
}

/**
 * The user settings of one execution (`~/.gemini/settings.json`; keys of gemini 0.61.0's settings schema,
 * bundle/chunk-2YTYPKEZ.js: maxAttempts :12596, usageStatisticsEnabled :13168, maxSessionTurns :13273, selectedType
 * :14122, skills.disabled :14651; ignoreLocalEnv read by loadEnvironment :16483): the auth type chosen (without it a `GOOGLE_GEMINI_BASE_URL` makes gemini pick its
 * `gateway` type, getAuthTypeFromEnv, chunk-JDPZ4CE3.js:311856), one attempt per model request (the runner owns retries; gemini's ten attempts
 * with backoff turn a 500 into minutes), no usage statistics or update checks (the only traffic besides the model),
 * no bare `.env` of the workspace or a folder above it (a fixture's could change the endpoint; `ignoreLocalEnv` skips
 * only those, not a `.gemini/.env`: {@link fenceGeminiEnvFile}), the bundled skills off, and the turn limit.
 */
export function geminiUserSettings(options: {
  auth: GeminiAuth;
  maxTurns?: number;
  stagedSkills: readonly string[];
  /** The case's MCP servers, the only ones gemini loads (its fresh HOME has no others). */
  mcpServers?: readonly ResolvedMcpServer[];
}): Record<string, unknown> {
  const disabled = BUILTIN_SKILLS.filter((name) => !options.stagedSkills.includes(name));
  return {
    security: { auth: { selectedType: options.auth.type } },
    general: { maxAttempts: 1, enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    advanced: { ignoreLocalEnv: true },
    skills: { disabled },
    ...(options.maxTurns === undefined ? {} : { model: { maxSessionTurns: options.maxTurns } }),
    ...(options.mcpServers?.length ? { mcpServers: geminiMcpServers(options.mcpServers) } : {}),
  };
}

/**
 * Prepares the execution's HOME for gemini: `.gemini/settings.json`, the system prompt as the user's GEMINI.md (the
 * user memory gemini adds to its system instruction: the nearest it has to an appended system prompt), the temp dir,
 * and — for "Login with Google" — a link to the user's `oauth_creds.json`: a link, so nothing of it lands in the
 * workspace or the results, and a token gemini refreshes is written back to the user's own file.
 */
export async function prepareGeminiHome(
  home: string,
  options: {
    auth: GeminiAuth;
    maxTurns?: number;
    stagedSkills: readonly string[];
    mcpServers?: readonly ResolvedMcpServer[];
    system?: string;
  },
): Promise<void> {
  const dir = geminiDir(home);
  await makeFolders(home, executionTempDir(home));
  // A setup step may have run in this HOME: a link it left at these names or on the way is never written through.
  const settings = geminiUserSettings(options);
  await writeBelowAgentFolder(home, join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`, 0o600);
  if (options.system) await writeBelowAgentFolder(home, join(dir, 'GEMINI.md'), `${options.system}\n`);
  if (options.auth.type === 'oauth-personal') await symlink(options.auth.credsFile, join(dir, 'oauth_creds.json'));
}

/** How this turn relates to the conversation. */
export type GeminiTurn =
  | { kind: 'single' }
  | { kind: 'first'; sessionId: string }
  | { kind: 'resume'; sessionId: string };

export interface GeminiArgsOptions {
  turn: GeminiTurn;
  approvalMode: GeminiCliSettings['approvalMode'];
  model?: string;
  extraArgs?: readonly string[];
}

/** Arguments of one headless gemini turn, but its prompt (see {@link geminiPrompt}). */
// Options of gemini 0.61.0's yargs (bundle/gemini-3HFX2LNT.js): --approval-mode :8103, --model :8063, --resume :8149
// (a session id, SessionSelector.findSession, chunk-2YTYPKEZ.js:10092), --session-id :8167, --output-format :8198,
// --prompt :8068 (a string, one argument).
export function buildGeminiArgs(options: GeminiArgsOptions): string[] {
  const args = ['--output-format', 'stream-json', '--approval-mode', options.approvalMode];
  // One word, as the prompt: gemini's yargs reads a separate word that starts with a dash as an option of its own.
  if (options.model) args.push(`--model=${options.model}`);
  if (options.turn.kind === 'first') args.push('--session-id', options.turn.sessionId);
  else if (options.turn.kind === 'resume') args.push('--resume', options.turn.sessionId);
  args.push(...(options.extraArgs ?? []));
  return args;
}

/**
 * Longest prompt, in bytes, that goes on argv: one argument may hold at most 128 KiB (Linux's MAX_ARG_STRLEN, which
 * counts the `--prompt=` before it).
 */
export const PROMPT_ON_ARGV_MAX_BYTES = 120 * 1024;

/**
 * How one turn's prompt reaches gemini: on argv (`--prompt=<text>`, the `=` keeping a prompt that begins with `-` from
 * reading as an option), with no stdin. gemini 0.61.0 gives piped stdin 500 ms from when it starts reading, after loading
 * its bundle and its config (readStdin, bundle/gemini-3HFX2LNT.js:8734, called at :17575); on a loaded machine the
 * 500 ms ran out before it read the pipe, and gemini went on without the prompt (google-gemini/gemini-cli#29312).
 * A prompt too long for argv still goes on stdin, which gemini then takes as the whole prompt.
 */
export function geminiPrompt(prompt: string): { args: string[]; stdin?: string } {
  if (Buffer.byteLength(prompt) <= PROMPT_ON_ARGV_MAX_BYTES) return { args: [`--prompt=${prompt}`] };
  return { args: [], stdin: prompt };
}
