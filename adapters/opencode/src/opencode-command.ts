import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineRunInput, ResolvedMcpServer } from '@skill-eval/core';
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

/**
 * The temp folder opencode and its tools write to, in the fresh HOME: opencode (a Bun executable) unpacks a 5.5 MB
 * native library into `TMPDIR` at every start and leaves it there, so the machine's `/tmp` would keep one per execution.
 */
export const opencodeTempDir = (home: string): string => join(home, '.tmp');

/**
 * The child environment: the runner's env (its allowlist and opencode's credentials), HOME, the XDG dirs and TMPDIR in
 * the execution's HOME.
 */
export function buildOpencodeEnv(input: Pick<EngineRunInput, 'env' | 'home'>): Record<string, string> {
  return {
    ...input.env,
    ...FIXED_ENV,
    ...opencodeDirs(input.home),
    HOME: input.home,
    TMPDIR: opencodeTempDir(input.home),
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
  },
): Promise<void> {
  const dirs = opencodeDirs(home);
  await makeFolders(home, opencodeTempDir(home));
  const configDir = join(dirs.XDG_CONFIG_HOME, 'opencode');
  const config = opencodeConfig(options);
  // A setup step may have run in this HOME: a link it left at these names or on the way is never written through.
  await writeBelowAgentFolder(home, join(configDir, 'opencode.json'), `${JSON.stringify(config, null, 2)}\n`, 0o600);
  if (options.system) await writeBelowAgentFolder(home, join(configDir, 'AGENTS.md'), `${options.system}\n`);
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
 * event per line), `--auto` (approve every permission request not explicitly denied: the unattended mode), `--model
 * provider/model`, `--session <id>` to continue. The prompt goes on stdin, which `run` reads when it is not a terminal
 * (`Bun.stdin.text()`), since one argument may hold at most 128 KiB.
 */
export function buildOpencodeArgs(options: OpencodeArgsOptions): string[] {
  const args = ['run', '--format', 'json', '--auto'];
  if (options.model) args.push('--model', options.model);
  if (options.sessionId) args.push('--session', options.sessionId);
  args.push(...(options.extraArgs ?? []));
  return args;
}
