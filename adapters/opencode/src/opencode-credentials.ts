import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineCredential } from '@skill-eval/core';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The providers whose key this engine hands to opencode from the environment: opencode's bundled models.dev catalogue
 * names `ANTHROPIC_API_KEY` and `OPENAI_API_KEY` as their keys' variables (the `env` of each provider), and its
 * provider loader reads them from the process environment (opencode 1.18.33, verified against the binary: the fake
 * model server receives the key in `x-api-key` / `Authorization`).
 */
export const PROVIDER_KEYS: Readonly<Record<string, { variable: string; kind: string; baseUrlVariable: string }>> = {
  anthropic: { variable: 'ANTHROPIC_API_KEY', kind: 'Anthropic API key', baseUrlVariable: 'ANTHROPIC_BASE_URL' },
  openai: { variable: 'OPENAI_API_KEY', kind: 'OpenAI API key', baseUrlVariable: 'OPENAI_BASE_URL' },
};

/** The user's variables opencode authenticates and routes with, besides the runner's allowlist. */
export const OPENCODE_ENVIRONMENT: readonly string[] = Object.values(PROVIDER_KEYS).flatMap((p) => [
  p.variable,
  p.baseUrlVariable,
]);

/** How opencode authenticates an execution. */
export type OpencodeAuth =
  | { type: 'api-key'; provider: string; variable: string }
  | { type: 'login'; authFile: string };

/**
 * Where `opencode auth login` keeps the user's logins (API keys and OAuth tokens, by provider):
 * `$XDG_DATA_HOME/opencode/auth.json`, else `~/.local/share/opencode/auth.json` (opencode 1.18.33's auth file path,
 * `join(Global.Path.data, "auth.json")` as `opencode auth list` prints it).
 */
export function userAuthFile(env: Env, userHome: string | undefined): string | undefined {
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'opencode', 'auth.json');
  return userHome ? join(userHome, '.local', 'share', 'opencode', 'auth.json') : undefined;
}

/** The provider a `provider/model` id names. */
export const providerOf = (model: string | undefined): string | undefined =>
  model?.includes('/') ? model.slice(0, model.indexOf('/')) : undefined;

/**
 * The credential opencode would use: the key of the model's provider in the environment, else (or for a provider
 * with no key variable here) the user's `opencode auth login` file. Without a model, the first key present.
 */
export function opencodeAuth(env: Env, userHome: string | undefined, model?: string): OpencodeAuth | undefined {
  const provider = providerOf(model);
  const candidates = provider ? [provider] : Object.keys(PROVIDER_KEYS);
  for (const name of candidates) {
    const key = PROVIDER_KEYS[name];
    if (key && env[key.variable]) return { type: 'api-key', provider: name, variable: key.variable };
  }
  const file = userAuthFile(env, userHome);
  if (file && existsSync(file)) return { type: 'login', authFile: file };
  return undefined;
}

/** What `skill-eval engines` says of it: the variable, or the login file. */
export function describeOpencodeAuth(auth: OpencodeAuth): EngineCredential {
  if (auth.type === 'api-key') return { kind: PROVIDER_KEYS[auth.provider]!.kind, variable: auth.variable };
  return { kind: 'opencode login (opencode auth login)', file: auth.authFile };
}

export const missingAuth =
  'opencode needs a credential: ANTHROPIC_API_KEY (for anthropic/… models) or OPENAI_API_KEY (for openai/… models), or a login saved by `opencode auth login` in ~/.local/share/opencode/auth.json.';
