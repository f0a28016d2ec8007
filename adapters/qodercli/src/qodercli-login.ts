import { existsSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineCredential } from '@skill-eval/core';
import { TOKEN_VAR } from './qodercli-command.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Where qodercli keeps its login state in a config dir (`qodercli login` writes `user` and `machine_id` there). */
const AUTH_DIR = '.auth';

/** The user's qodercli login state: `.auth/` in their config dir (QODER_CONFIG_DIR, default `~/.qoder`), if any. */
export function userLoginDir(env: Env, userHome: string | undefined): string | undefined {
  const configDir = env.QODER_CONFIG_DIR || (userHome ? join(userHome, '.qoder') : undefined);
  const dir = configDir && join(configDir, AUTH_DIR);
  return dir && existsSync(join(dir, 'user')) ? dir : undefined;
}

/** The access token when set, else the user's login state, as qodercli itself falls back to it. */
export function qodercliCredential(env: Env, userHome: string | undefined): EngineCredential | undefined {
  if (env[TOKEN_VAR]) return { kind: 'personal access token', variable: TOKEN_VAR };
  const dir = userLoginDir(env, userHome);
  return dir ? { kind: 'qodercli login', file: join(dir, 'user') } : undefined;
}

/**
 * Makes the user's login state the execution's: a link to their `.auth/` in the fresh config dir. A link, not a copy:
 * nothing of it lands in the workspace or the results, and a session qodercli renews stays the user's.
 */
export async function linkLogin(loginDir: string, configDir: string): Promise<void> {
  await mkdir(configDir, { recursive: true });
  await symlink(loginDir, join(configDir, AUTH_DIR));
}
