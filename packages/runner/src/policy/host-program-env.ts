import { HOST_ONLY_VARIABLES, MODEL_ENDPOINT_VARIABLES } from '@skill-eval/core';

/**
 * What every host program skill-eval starts (an agent CLI, git, a setup step) may inherit of the user's environment:
 * the host's own (PATH, temp folder, certificates, proxies — their passwords taken out), the locale and terminal, and
 * the model endpoints. No credential: an engine names the ones it takes ({@link MODEL_KEY_VARIABLES} among them) in
 * its `environment`, and gets only the one it runs with. Never anything an eval file says.
 */
export const HOST_PROGRAM_VARIABLES: readonly string[] = [
  ...HOST_ONLY_VARIABLES,
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TERM',
  ...MODEL_ENDPOINT_VARIABLES,
];

/** Variables with this prefix pass too, so users can hand settings to custom engines. */
export const HOST_PROGRAM_PREFIX = 'SKILL_EVAL_';

/**
 * Variables that hold the keys engines and judges send to their model endpoints (an engine's `apiKeyEnv` names more:
 * its `environment`). An eval file never gets them filled in (MCP server urls, headers and env), and an engine gets
 * only the one its `credential()` says it runs with.
 */
export const MODEL_KEY_VARIABLES: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'OPENAI_API_KEY',
  'CODEX_API_KEY',
  'QODER_PERSONAL_ACCESS_TOKEN',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
  'GOOGLE_APPLICATION_CREDENTIALS',
];

/** Variables the docker CLI reads: defined beside the process tools, where the docker environment reads them too. */
export { DOCKER_CLI_VARIABLES } from '@skill-eval/engine-kit/docker-cli-variables';

const PROXY = /^(https?_proxy|all_proxy)$/i;

/** What passes for every host program: the allow-list and HOME. */
const ALWAYS_ALLOWED: ReadonlySet<string> = new Set([...HOST_PROGRAM_VARIABLES, 'HOME']);

/** A proxy URL without its userinfo: the proxy's password is the user's, not a program's to hand on or print. */
export function withoutUserinfo(value: string): string {
  try {
    const url = new URL(value);
    if (!url.username && !url.password) return value;
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, value.endsWith('/') ? '/' : '');
  } catch {
    return value.replace(/\/\/[^/@]*@/, '//');
  }
}

/** Whether a variable names a proxy (whose URL may hold a password). */
export const isProxyVariable = (name: string): boolean => PROXY.test(name);

/**
 * The part of `source` a host program gets: the allow-list, the variables the program's engine names as its own
 * (`own`), HOME; proxies without their passwords. Nothing else passes, whatever an eval file or a `.env` set.
 */
export function hostProgramEnv(
  source: Readonly<Record<string, string | undefined>>,
  own: readonly string[] = [],
): Record<string, string> {
  const env: Record<string, string> = {};
  // The names first, then the values of those that pass: reading a value of process.env is a call into the runtime,
  // and the user's environment holds many more variables than pass.
  for (const name of Object.keys(source)) {
    if (!ALWAYS_ALLOWED.has(name) && !own.includes(name) && !name.startsWith(HOST_PROGRAM_PREFIX)) continue;
    const value = source[name];
    if (value === undefined) continue;
    env[name] = isProxyVariable(name) ? withoutUserinfo(value) : value;
  }
  return env;
}

/**
 * Only the credential the engine runs with: when it names a model key (`ANTHROPIC_API_KEY`), every other model key
 * is taken out, so claude-code never holds an auth token beside its API key, nor any engine another provider's key.
 */
export function onlyCredential(env: Record<string, string>, chosen: string | undefined): Record<string, string> {
  if (!chosen || !MODEL_KEY_VARIABLES.includes(chosen)) return env;
  const scoped = { ...env };
  for (const name of MODEL_KEY_VARIABLES) if (name !== chosen) delete scoped[name];
  return scoped;
}

/** An engine as far as its environment goes: the variables it names, the credential it finds among them. */
interface CredentialHolder {
  readonly environment?: readonly string[];
  credential?(env: Readonly<Record<string, string | undefined>>): { variable?: string } | undefined;
}

/** `env` with only the credential `engine` runs with (see {@link onlyCredential}). */
export const scopeCredential = (env: Record<string, string>, engine: CredentialHolder): Record<string, string> =>
  onlyCredential(env, engine.credential?.(env)?.variable);
