import { lstatSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type EngineRunInput, executionTempDir, type ResolvedMcpServer } from '@skill-eval/core';
import { makeFolders, writeBelowAgentFolder } from '@skill-eval/engine-kit/agent-files';
import { opencodeConfig } from './opencode-config.js';
import type { OpencodeAuth } from './opencode-credentials.js';

/**
 * Environment that keeps opencode offline but for its model, its files in the execution's HOME: no fetch of the
 * models.dev catalogue (opencode then uses the snapshot it bundles: ModelsDev.populate), no self-update, no download of
 * language servers (flags of opencode 1.18.33's Flag module).
 */
const FIXED_ENV: Record<string, string> = {
  OPENCODE_DISABLE_MODELS_FETCH: 'true',
  OPENCODE_DISABLE_AUTOUPDATE: 'true',
  OPENCODE_DISABLE_LSP_DOWNLOAD: 'true',
};

/** opencode's folders (xdg-basedir): config, data (sessions, the login file), cache and state, all in the fresh HOME. */
export const opencodeDirs = (home: string) => ({
  XDG_CONFIG_HOME: join(home, '.config'),
  XDG_DATA_HOME: join(home, '.local', 'share'),
  XDG_CACHE_HOME: join(home, '.cache'),
  XDG_STATE_HOME: join(home, '.local', 'state'),
});

const isDir = (path: string): boolean => lstatSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
const isFile = (path: string): boolean => lstatSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

/**
 * The project config opencode reads: the workspace's own, never that of a folder above it.
 *
 * opencode 1.18.33 reads project config from its working directory up to the project's worktree, which is `/` outside
 * a git repository: every `opencode.json(c)` on the way (Config.loadInstanceState: `ConfigPaths.files("opencode",
 * directory, worktree)`) and every `.opencode` folder (ConfigPaths.directories: `up({targets: [".opencode"], start,
 * stop: worktree})`), whose config it merges, whose plugins, tools, agents, commands and modes it loads, and into
 * which it installs packages. An `opencode.json` in `/tmp` (any user of the machine can write one) named the
 * endpoint the user's key went to, or a plugin it ran. `OPENCODE_DISABLE_PROJECT_CONFIG` turns both searches off
 * (each reads `!Flag.OPENCODE_DISABLE_PROJECT_CONFIG` first; so do the project `AGENTS.md` search of
 * Instruction.systemPaths and the TUI config, which `run` does not read); what opencode then reads of the workspace is
 * named: its `.opencode` as `OPENCODE_CONFIG_DIR` (a config folder beside the HOME's, skills included: Skill discovery
 * scans `{skill,skills}/**` of every Config.directories entry), its `opencode.json(c)` as `OPENCODE_CONFIG`, and its
 * instructions file in the config (see {@link projectInstructions}). Only when they exist at the start: opencode
 * makes the `OPENCODE_CONFIG_DIR` it is given (Config.ensureGitignore) and installs its plugin package there.
 */
export function projectConfigEnv(workspace: string): Record<string, string> {
  const dir = join(workspace, '.opencode');
  // opencode merges opencode.jsonc over opencode.json when a folder has both; OPENCODE_CONFIG takes one file.
  const file = ['opencode.jsonc', 'opencode.json'].map((name) => join(workspace, name)).find(isFile);
  // An empty value is no value to opencode (`Flag.OPENCODE_CONFIG_DIR ? [...] : []`, `if (Flag.OPENCODE_CONFIG)`).
  return {
    OPENCODE_DISABLE_PROJECT_CONFIG: 'true',
    OPENCODE_CONFIG_DIR: isDir(dir) ? dir : '',
    OPENCODE_CONFIG: file ?? '',
  };
}

/** The instruction files opencode looks for in a project, the first one found wins (Instruction.systemPaths). */
const INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md', 'CONTEXT.md'];

/**
 * The workspace's instructions file as an absolute `instructions` entry of the config, which opencode reads whatever
 * `OPENCODE_DISABLE_PROJECT_CONFIG` says: the first of `AGENTS.md`, `CLAUDE.md`, `CONTEXT.md` the workspace holds,
 * as opencode's own search picks it (now without the folders above the workspace), else `AGENTS.md`, read if the
 * agent writes one.
 */
export function projectInstructions(workspace: string): string[] {
  const name = INSTRUCTION_FILES.find((file) => isFile(join(workspace, file))) ?? 'AGENTS.md';
  return [join(workspace, name)];
}

/**
 * The provider endpoints as `OPENCODE_CONFIG_CONTENT`, the config opencode merges after every config file and folder
 * (Config.loadInstanceState, after the loop over Config.directories): a workspace's `.opencode/opencode.json`, even
 * one written during the run, cannot point the user's key at another server. Empty (no config) when no endpoint is
 * set.
 */
export function endpointConfigEnv(endpoints: Record<string, string>): Record<string, string> {
  if (Object.keys(endpoints).length === 0) return { OPENCODE_CONFIG_CONTENT: '' };
  const provider = Object.fromEntries(
    Object.entries(endpoints).map(([name, baseURL]) => [name, { options: { baseURL } }]),
  );
  return { OPENCODE_CONFIG_CONTENT: JSON.stringify({ provider }) };
}

/**
 * The child environment: the runner's env (its allowlist and opencode's credentials), HOME, the XDG dirs and TMPDIR in
 * the execution's HOME, the project config of the workspace alone ({@link projectConfigEnv}) and the endpoints as the
 * config merged last ({@link endpointConfigEnv}). These four are always set, after the runner's env: nothing of the
 * environment opencode starts in chooses its config files.
 */
export function buildOpencodeEnv(
  input: Pick<EngineRunInput, 'env' | 'home' | 'workspace'>,
  endpoints: Record<string, string> = {},
): Record<string, string> {
  return {
    ...input.env,
    ...FIXED_ENV,
    ...opencodeDirs(input.home),
    HOME: input.home,
    // opencode (a Bun executable) unpacks a 5.5 MB native library into TMPDIR at every start and leaves it there.
    TMPDIR: executionTempDir(input.home),
    ...projectConfigEnv(input.workspace),
    ...endpointConfigEnv(endpoints),
  };
}

/**
 * Prepares the execution's HOME: `~/.config/opencode/opencode.json` (the global config opencode reads first; its MCP
 * servers' environment and headers may hold secrets, so it is the owner's only), the
 * system prompt as the global `~/.config/opencode/AGENTS.md` (the user instructions opencode adds to its system
 * prompt: Instruction.systemPaths reads `AGENTS.md` of its config dir), and — for a login — a link to the user's
 * `auth.json`: a link, so nothing of it lands in the workspace or the results, and a token opencode refreshes is
 * written back to the user's own file.
 */
export async function prepareOpencodeHome(
  home: string,
  options: {
    auth: OpencodeAuth;
    endpoints: Record<string, string>;
    stagedSkills: readonly string[];
    mcpServers?: readonly ResolvedMcpServer[];
    maxTurns?: number;
    system?: string;
    instructions?: readonly string[];
  },
): Promise<void> {
  const dirs = opencodeDirs(home);
  await makeFolders(home, executionTempDir(home));
  const configDir = join(dirs.XDG_CONFIG_HOME, 'opencode');
  const systemFile = join(configDir, 'AGENTS.md');
  // Named in the config too: under the variables projectConfigEnv sets, opencode's own look for the global AGENTS.md
  // does not find this one (the system prompt went missing); an absolute `instructions` entry it always reads.
  const instructions = [...(options.system ? [systemFile] : []), ...(options.instructions ?? [])];
  const config = opencodeConfig({ ...options, instructions });
  // A setup step may have run in this HOME: a link it left at these names or on the way is never written through.
  await writeBelowAgentFolder(home, join(configDir, 'opencode.json'), `${JSON.stringify(config, null, 2)}\n`, 0o600);
  if (options.system) await writeBelowAgentFolder(home, systemFile, `${options.system}\n`);
  if (options.auth.type === 'login') {
    const dataDir = join(dirs.XDG_DATA_HOME, 'opencode');
    await mkdir(dataDir, { recursive: true });
    await symlink(options.auth.authFile, join(dataDir, 'auth.json'));
  }
}

export interface OpencodeArgsOptions {
  /** The session to continue (`--session`), for every turn after the first. */
  sessionId?: string;
  model?: string;
  extraArgs?: readonly string[];
}

/**
 * Arguments of one headless turn (`opencode run`, options of opencode 1.18.33's run command): `--format json` (one JSON
 * event per line), `--auto` (approve every permission request not explicitly denied: the unattended mode),
 * `--model=provider/model`, `--session <id>` to continue. The prompt goes on stdin, which `run` reads when it is not a
 * terminal (`Bun.stdin.text()`), since one argument may hold at most 128 KiB.
 */
export function buildOpencodeArgs(options: OpencodeArgsOptions): string[] {
  const args = ['run', '--format', 'json', '--auto'];
  // One word: opencode's yargs reads a separate word that starts with a dash as an option of its own, so a model an
  // eval file pins as `--attach=http://…` would send the whole session to that server.
  if (options.model) args.push(`--model=${options.model}`);
  if (options.sessionId) args.push('--session', options.sessionId);
  args.push(...(options.extraArgs ?? []));
  return args;
}
