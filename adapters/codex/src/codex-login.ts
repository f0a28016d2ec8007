import { existsSync, readFileSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineCredential } from '@skill-eval/core';

type Env = Readonly<Record<string, string | undefined>>;

/** How codex authenticates an execution: an API key in a variable, or the user's `codex login`. */
export type CodexAuth = { kind: 'api-key'; variable: string } | { kind: 'login'; authFile: string };

/** The user's codex login: `auth.json` in their CODEX_HOME (default `~/.codex`), where `codex login` writes it. */
export function userAuthFile(env: Env, userHome: string | undefined): string | undefined {
  const home = env.CODEX_HOME || (userHome ? join(userHome, '.codex') : undefined);
  return home ? join(home, 'auth.json') : undefined;
}

/** The key in `apiKeyEnv` when set, else the user's codex login when there is one, as codex itself prefers. */
export function codexAuth(env: Env, apiKeyEnv: string, userHome: string | undefined): CodexAuth | undefined {
  if (env[apiKeyEnv]) return { kind: 'api-key', variable: apiKeyEnv };
  const authFile = userAuthFile(env, userHome);
  return authFile && existsSync(authFile) ? { kind: 'login', authFile } : undefined;
}

/** What `skill-eval engines` says of it: the variable, or the login file and whether it is a ChatGPT login. */
export function describeAuth(auth: CodexAuth): EngineCredential {
  if (auth.kind === 'api-key') return { kind: 'API key', variable: auth.variable };
  return { kind: isChatGptLogin(auth.authFile) ? 'ChatGPT login' : 'codex login', file: auth.authFile };
}

function isChatGptLogin(authFile: string): boolean {
  try {
    const auth = JSON.parse(readFileSync(authFile, 'utf8')) as { tokens?: unknown };
    return typeof auth.tokens === 'object' && auth.tokens !== null;
  } catch {
    return false;
  }
}

/**
 * Makes the user's login the execution's: a link to their `auth.json` in the fresh CODEX_HOME. A link, not a copy:
 * nothing of it lands in the workspace or the results, and a token codex refreshes is written back to the user's file
 * (codex rewrites it in place), so their own login stays valid.
 */
export async function linkLogin(authFile: string, codexHome: string): Promise<void> {
  await mkdir(codexHome, { recursive: true });
  await symlink(authFile, join(codexHome, 'auth.json'));
}
