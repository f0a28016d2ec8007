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
 * What each cloud mode authenticates with, by the variable an engine's `credential()` names for it (its switch): the
 * cloud's keys and the files that hold its login. They pass only when the engine runs in that mode, and no model key
 * passes with them.
 */
const AWS_CREDENTIALS: readonly string[] = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
  'AWS_PROFILE',
  'AWS_CONFIG_FILE',
  'AWS_SHARED_CREDENTIALS_FILE',
];
const GOOGLE_CLOUD_CREDENTIALS: readonly string[] = ['GOOGLE_APPLICATION_CREDENTIALS', 'CLOUDSDK_CONFIG'];
export const CLOUD_MODE_CREDENTIALS: ReadonlyMap<string, readonly string[]> = new Map([
  ['CLAUDE_CODE_USE_BEDROCK', AWS_CREDENTIALS],
  ['CLAUDE_CODE_USE_VERTEX', GOOGLE_CLOUD_CREDENTIALS],
  ['GOOGLE_GENAI_USE_VERTEXAI', GOOGLE_CLOUD_CREDENTIALS],
]);

/**
 * Every credential variable skill-eval knows: the model keys, the account tokens engines take (Copilot's GitHub tokens
 * and its bring-your-own-key provider's key) and the clouds' keys and login files. An execution's environment holds
 * none of them but the one its engine runs with (see {@link onlyCredential}).
 */
export const CREDENTIAL_VARIABLES: readonly string[] = [
  ...new Set([
    ...MODEL_KEY_VARIABLES,
    'COPILOT_GITHUB_TOKEN',
    'GH_TOKEN',
    'GITHUB_TOKEN',
    'COPILOT_PROVIDER_API_KEY',
    'COPILOT_PROVIDER_BEARER_TOKEN',
    ...AWS_CREDENTIALS,
    ...GOOGLE_CLOUD_CREDENTIALS,
  ]),
];
const CREDENTIALS: ReadonlySet<string> = new Set(CREDENTIAL_VARIABLES);

/** A name shaped like a credential's (`MISTRAL_API_KEY`, `FOO_TOKEN`, `X_SECRET`, `…_CREDENTIALS`, `…_PASSWORD`). */
const CREDENTIAL_NAME = /(?:^|_)(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|PAT)(?:_|$)/i;

/**
 * Whether `name` holds a credential: one skill-eval knows ({@link CREDENTIAL_VARIABLES}), or a name shaped like one
 * (an engine that names a new provider's key in its `environment` is covered before anyone lists it). A variable of
 * the user's own prefix ({@link HOST_PROGRAM_PREFIX}) is a setting the user hands on, not one skill-eval scopes.
 */
export const isCredentialVariable = (name: string): boolean =>
  CREDENTIALS.has(name) || (!name.startsWith(HOST_PROGRAM_PREFIX) && CREDENTIAL_NAME.test(name));

/** `env` without any credential but those of `keep`. */
function keepingCredentials(env: Readonly<Record<string, string>>, keep: ReadonlySet<string>): Record<string, string> {
  const scoped: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (keep.has(name) || !isCredentialVariable(name)) scoped[name] = value;
  return scoped;
}

/**
 * Only the credential the engine runs with, deny by default: `chosen` (the variable its `credential()` names) and,
 * for a cloud mode ({@link CLOUD_MODE_CREDENTIALS}: Amazon Bedrock, Vertex AI), that cloud's keys and login files;
 * every other credential is taken out. Without a variable (a login file, no credential at all) none passes: the
 * engine's login reaches it as a file, never as another provider's key.
 */
export function onlyCredential(env: Record<string, string>, chosen: string | undefined): Record<string, string> {
  const keep = chosen === undefined ? [] : [chosen, ...(CLOUD_MODE_CREDENTIALS.get(chosen) ?? [])];
  return keepingCredentials(env, new Set(keep));
}

/** An engine as far as its environment goes: the variables it names, the credential it finds among them. */
interface CredentialHolder {
  readonly environment?: readonly string[];
  credential?(env: Readonly<Record<string, string | undefined>>): { variable?: string; file?: string } | undefined;
}

/**
 * `env` with only the credential `engine` runs with (see {@link onlyCredential}). An engine that cannot say which
 * (one without `credential()`, as the command engine, whose `environment` is the keys its user wired into its `env`
 * setting) keeps the credentials it names itself, and no other.
 */
export function scopeCredential(env: Record<string, string>, engine: CredentialHolder): Record<string, string> {
  if (!engine.credential) return keepingCredentials(env, new Set(engine.environment ?? []));
  return onlyCredential(env, engine.credential(env)?.variable);
}
