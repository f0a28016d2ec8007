import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineCredential } from '@skill-eval/core';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The user's variables claude may authenticate and route with, besides the runner's allowlist (which has
 * ANTHROPIC_BASE_URL and no credential): its API key or auth token, a subscription's OAuth token (`claude
 * setup-token`), and Amazon Bedrock's and Google Vertex AI's switches, endpoints, models and cloud credentials. The
 * runner hands it only the one credential `claudeCredential` picks.
 */
export const CLAUDE_ENVIRONMENT: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'CLAUDE_CODE_USE_BEDROCK',
  'CLAUDE_CODE_USE_VERTEX',
  'CLAUDE_CODE_SKIP_BEDROCK_AUTH',
  'CLAUDE_CODE_SKIP_VERTEX_AUTH',
  'ANTHROPIC_BEDROCK_BASE_URL',
  'ANTHROPIC_VERTEX_BASE_URL',
  'ANTHROPIC_VERTEX_PROJECT_ID',
  'CLOUD_ML_REGION',
  'ANTHROPIC_MODEL',
  'ANTHROPIC_SMALL_FAST_MODEL',
  'ANTHROPIC_DEFAULT_OPUS_MODEL',
  'ANTHROPIC_DEFAULT_SONNET_MODEL',
  'ANTHROPIC_DEFAULT_HAIKU_MODEL',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'AWS_PROFILE',
  'AWS_CONFIG_FILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GOOGLE_CLOUD_PROJECT',
  'GCLOUD_PROJECT',
  'CLOUDSDK_CONFIG',
];

/** claude reads its switches as booleans: `1`, `true`, `yes`, `on`. */
const isOn = (value: string | undefined): boolean => /^(?:1|true|yes|on)$/i.test(value?.trim() ?? '');

/**
 * Where the cloud's own login lives in the user's HOME (`~/.aws`, gcloud's `~/.config/gcloud`), pointed at by the
 * variables the cloud SDKs read, for an execution whose HOME is fresh; nothing that the user set already.
 */
export function cloudLoginFiles(env: Env, userHome: string | undefined): Record<string, string> {
  if (!userHome) return {};
  const files: Record<string, string> = {};
  if (isOn(env.CLAUDE_CODE_USE_BEDROCK)) {
    const config = join(userHome, '.aws', 'config');
    const credentials = join(userHome, '.aws', 'credentials');
    if (!env.AWS_CONFIG_FILE && existsSync(config)) files.AWS_CONFIG_FILE = config;
    if (!env.AWS_SHARED_CREDENTIALS_FILE && existsSync(credentials)) files.AWS_SHARED_CREDENTIALS_FILE = credentials;
  }
  if (isOn(env.CLAUDE_CODE_USE_VERTEX) && !env.CLOUDSDK_CONFIG) {
    const gcloud = join(userHome, '.config', 'gcloud');
    if (existsSync(gcloud)) files.CLOUDSDK_CONFIG = gcloud;
  }
  return files;
}

/** The credential claude would use, in claude's own order: a cloud provider, then an auth token, an API key, OAuth. */
export function claudeCredential(env: Env): EngineCredential | undefined {
  if (isOn(env.CLAUDE_CODE_USE_BEDROCK)) return cloud('Amazon Bedrock', 'CLAUDE_CODE_USE_BEDROCK', env);
  if (isOn(env.CLAUDE_CODE_USE_VERTEX)) return cloud('Google Vertex AI', 'CLAUDE_CODE_USE_VERTEX', env);
  if (env.ANTHROPIC_AUTH_TOKEN) return { kind: 'auth token', variable: 'ANTHROPIC_AUTH_TOKEN' };
  if (env.ANTHROPIC_API_KEY) return { kind: 'API key', variable: 'ANTHROPIC_API_KEY' };
  if (env.CLAUDE_CODE_OAUTH_TOKEN) return { kind: 'subscription OAuth token', variable: 'CLAUDE_CODE_OAUTH_TOKEN' };
  return undefined;
}

/** A cloud provider, with the cloud credential found for it: a variable, else the login files of the user's HOME. */
function cloud(kind: string, variable: string, env: Env): EngineCredential {
  const named = ['AWS_BEARER_TOKEN_BEDROCK', 'AWS_ACCESS_KEY_ID', 'AWS_PROFILE', 'GOOGLE_APPLICATION_CREDENTIALS'].find(
    (name) => env[name],
  );
  if (named) return { kind: `${kind} (${named})`, variable };
  const files = cloudLoginFiles(env, env.HOME);
  const file = Object.values(files)[0];
  return { kind, variable, ...(file ? { file } : {}) };
}
