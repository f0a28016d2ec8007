import { HOST_ONLY_VARIABLES } from '@skill-eval/core';

/**
 * Variables a child engine process may inherit; everything else is dropped: the host's own (PATH, temp folder,
 * certificates, proxies — the ones a container or sandbox replaces with its own), the locale and terminal, and the
 * model endpoints and keys the engines read.
 */
export const ENV_ALLOWLIST: readonly string[] = [
  ...HOST_ONLY_VARIABLES,
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TERM',
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
];

/**
 * Variables that hold the keys engines and judges send to their model endpoints (an engine's `apiKeyEnv` names more:
 * its `environment`). An eval file never gets them filled in (MCP server urls, headers and env).
 */
export const MODEL_KEY_VARIABLES: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'OPENAI_API_KEY',
  'CODEX_API_KEY',
  'QODER_PERSONAL_ACCESS_TOKEN',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
  'GOOGLE_APPLICATION_CREDENTIALS',
];

/** Variables with this prefix pass too, so users can hand settings to custom engines. */
export const ENV_ALLOWED_PREFIX = 'SKILL_EVAL_';

const allowed = new Set(ENV_ALLOWLIST);

/**
 * What an engine sees of the user's environment: the allowlisted part of `source`, the variables the engine names as
 * its own (`extra`), and the user's HOME. An engine's `missingSetup` is asked with exactly this, so whatever it finds
 * there also reaches its `run()`.
 */
export function engineEnv(
  source: Readonly<Record<string, string | undefined>>,
  extra: readonly string[] = [],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (allowed.has(name) || name.startsWith(ENV_ALLOWED_PREFIX) || extra.includes(name) || name === 'HOME')
      env[name] = value;
  }
  return env;
}

/** The environment of one execution: what the engine sees of the user's ({@link engineEnv}), HOME the fresh home. */
export function buildChildEnv(
  source: Readonly<Record<string, string | undefined>>,
  home: string,
  extra: readonly string[] = [],
): Record<string, string> {
  return { ...engineEnv(source, extra), HOME: home };
}
