import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineCredential } from '@skill-eval/core';
import type { CopilotSettings } from './copilot-settings.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A bring-your-own-key provider API Copilot CLI speaks (`COPILOT_PROVIDER_TYPE` of `copilot help environment`). */
export type ProviderType = 'openai' | 'anthropic';

/**
 * Each provider API's own variables, which record, replay and the sandboxes set to route a run: the endpoint and the
 * key. Copilot appends `/chat/completions` to an OpenAI endpoint (which carries its `/v1`, as `OPENAI_BASE_URL` does)
 * and `/v1/messages` to an Anthropic one (the host alone, as `ANTHROPIC_BASE_URL` is): both verified against
 * copilot 1.0.102 and the fake model server.
 */
export const PROVIDERS: Readonly<
  Record<ProviderType, { baseUrlVariable: string; keyVariable: string; defaultBaseUrl: string; kind: string }>
> = {
  openai: {
    baseUrlVariable: 'OPENAI_BASE_URL',
    keyVariable: 'OPENAI_API_KEY',
    defaultBaseUrl: 'https://api.openai.com/v1',
    kind: 'OpenAI API key (Copilot bring-your-own-key)',
  },
  anthropic: {
    baseUrlVariable: 'ANTHROPIC_BASE_URL',
    keyVariable: 'ANTHROPIC_API_KEY',
    defaultBaseUrl: 'https://api.anthropic.com',
    kind: 'Anthropic API key (Copilot bring-your-own-key)',
  },
};

/** GitHub tokens Copilot CLI takes, in its order of precedence (`copilot help environment`). */
export const GITHUB_TOKEN_VARIABLES = ['COPILOT_GITHUB_TOKEN', 'GH_TOKEN', 'GITHUB_TOKEN'] as const;

/** Copilot's own bring-your-own-key variables (`copilot help environment`). */
export const BYOK_VARIABLES = [
  'COPILOT_PROVIDER_BASE_URL',
  'COPILOT_PROVIDER_TYPE',
  'COPILOT_PROVIDER_API_KEY',
  'COPILOT_PROVIDER_BEARER_TOKEN',
] as const;

/** The user's variables Copilot authenticates and routes with, besides the runner's allowlist. */
export const COPILOT_ENVIRONMENT: readonly string[] = [
  ...BYOK_VARIABLES,
  ...GITHUB_TOKEN_VARIABLES,
  'GH_HOST',
  'COPILOT_GH_HOST',
  'COPILOT_HOME',
  'XDG_CACHE_HOME',
  ...Object.values(PROVIDERS).flatMap((p) => [p.keyVariable, p.baseUrlVariable]),
];

/**
 * The variables of {@link COPILOT_ENVIRONMENT} for these settings: with a `provider` chosen, that provider API's key
 * alone (the other provider's never reaches Copilot); without one, both, since the user's `COPILOT_PROVIDER_TYPE`
 * may pick either — the runner then hands on only the one {@link copilotAuth} picks.
 */
export function copilotEnvironment(settings: Pick<CopilotSettings, 'provider'>): readonly string[] {
  const chosen = settings.provider;
  if (chosen === undefined) return COPILOT_ENVIRONMENT;
  const others = Object.entries(PROVIDERS).filter(([type]) => type !== chosen);
  const foreign = new Set(others.map(([, api]) => api.keyVariable));
  return COPILOT_ENVIRONMENT.filter((name) => !foreign.has(name));
}

/**
 * Every credential Copilot can take from the environment: the GitHub tokens, the bring-your-own-key provider's key or
 * bearer token, each provider API's key. An execution's environment holds none of them but the one
 * `buildCopilotEnv` puts under the variable Copilot reads.
 */
export const COPILOT_CREDENTIAL_VARIABLES: readonly string[] = [
  ...GITHUB_TOKEN_VARIABLES,
  'COPILOT_PROVIDER_API_KEY',
  'COPILOT_PROVIDER_BEARER_TOKEN',
  ...Object.values(PROVIDERS).map((api) => api.keyVariable),
];

/** How Copilot authenticates an execution. */
export type CopilotAuth =
  | {
      type: 'byok';
      provider: ProviderType;
      baseUrl: string;
      /** The variable holding the key (none for a local provider that needs none). */
      keyVariable?: string;
      /** Whether the key goes as a bearer token (`COPILOT_PROVIDER_BEARER_TOKEN`) rather than an API key. */
      bearer?: boolean;
    }
  | { type: 'github-token'; variable: (typeof GITHUB_TOKEN_VARIABLES)[number] }
  | { type: 'login'; configFile: string };

/** Copilot's config folder of the user: `COPILOT_HOME`, else `~/.copilot` (`copilot help environment`). */
export function userCopilotHome(env: Env, userHome: string | undefined): string | undefined {
  if (env.COPILOT_HOME) return env.COPILOT_HOME;
  return userHome ? join(userHome, '.copilot') : undefined;
}

const providerOf = (value: string | undefined): ProviderType | undefined =>
  value === 'openai' || value === 'anthropic' ? value : undefined;

/**
 * The bring-your-own-key provider a run uses, when one is chosen: by the `provider` or `baseUrl` setting, or by the
 * user's `COPILOT_PROVIDER_BASE_URL` (Copilot's own switch to a provider). Its endpoint: the `baseUrl` setting, else the
 * provider API's own variable (so record, replay and the sandboxes can route it), else `COPILOT_PROVIDER_BASE_URL`,
 * else the provider's public endpoint. Its key: `COPILOT_PROVIDER_API_KEY`, `COPILOT_PROVIDER_BEARER_TOKEN`, else the
 * provider API's own key variable.
 */
function byokAuth(env: Env, settings: Pick<CopilotSettings, 'provider' | 'baseUrl'>): CopilotAuth | undefined {
  const chosen = settings.provider !== undefined || settings.baseUrl !== undefined || !!env.COPILOT_PROVIDER_BASE_URL;
  if (!chosen) return undefined;
  const declared = env.COPILOT_PROVIDER_TYPE?.trim().toLowerCase();
  const provider = settings.provider ?? providerOf(declared) ?? 'openai';
  const api = PROVIDERS[provider];
  const baseUrl = (
    settings.baseUrl ??
    env[api.baseUrlVariable] ??
    env.COPILOT_PROVIDER_BASE_URL ??
    api.defaultBaseUrl
  ).replace(/\/+$/, '');
  if (env.COPILOT_PROVIDER_API_KEY) return { type: 'byok', provider, baseUrl, keyVariable: 'COPILOT_PROVIDER_API_KEY' };
  if (env.COPILOT_PROVIDER_BEARER_TOKEN) {
    return { type: 'byok', provider, baseUrl, keyVariable: 'COPILOT_PROVIDER_BEARER_TOKEN', bearer: true };
  }
  if (env[api.keyVariable]) return { type: 'byok', provider, baseUrl, keyVariable: api.keyVariable };
  // A local provider (Ollama, vLLM) needs no key, but only one the user pointed to.
  const local = settings.baseUrl ?? env.COPILOT_PROVIDER_BASE_URL;
  return local ? { type: 'byok', provider, baseUrl } : undefined;
}

/**
 * The credential Copilot would use: a bring-your-own-key provider when one is chosen (Copilot then needs no GitHub
 * login), else a GitHub token in its order (`COPILOT_GITHUB_TOKEN`, `GH_TOKEN`, `GITHUB_TOKEN`), else the user's
 * `copilot login` kept in `config.json` of their Copilot folder.
 */
export function copilotAuth(
  env: Env,
  userHome: string | undefined,
  settings: Pick<CopilotSettings, 'provider' | 'baseUrl'>,
): CopilotAuth | undefined {
  const byok = byokAuth(env, settings);
  if (byok) return byok;
  if (settings.provider !== undefined || settings.baseUrl !== undefined) return undefined;
  const token = GITHUB_TOKEN_VARIABLES.find((name) => env[name]);
  if (token) return { type: 'github-token', variable: token };
  const home = userCopilotHome(env, userHome);
  const configFile = home && join(home, 'config.json');
  if (configFile && existsSync(configFile)) return { type: 'login', configFile };
  return undefined;
}

/** What `skill-eval engines` says of it: the variable, or the login file. */
export function describeCopilotAuth(auth: CopilotAuth): EngineCredential {
  switch (auth.type) {
    case 'byok':
      return auth.keyVariable
        ? { kind: PROVIDERS[auth.provider].kind, variable: auth.keyVariable }
        : { kind: `Copilot bring-your-own-key provider without a key (${auth.baseUrl})` };
    case 'github-token':
      return { kind: 'GitHub token (Copilot)', variable: auth.variable };
    case 'login':
      return { kind: 'Copilot login (copilot login)', file: auth.configFile };
  }
}

export const missingAuth =
  'copilot needs a credential: a GitHub token with Copilot access in COPILOT_GITHUB_TOKEN, GH_TOKEN or GITHUB_TOKEN, a login saved by `copilot login` (~/.copilot/config.json), or a bring-your-own-key provider (COPILOT_PROVIDER_BASE_URL with COPILOT_PROVIDER_API_KEY, or the `provider` setting with OPENAI_API_KEY / ANTHROPIC_API_KEY).';
