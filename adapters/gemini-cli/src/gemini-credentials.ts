import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineCredential } from '@skill-eval/core';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The user's variables gemini authenticates and routes with, besides the runner's allowlist: its Gemini API key, the
 * endpoint (`GOOGLE_GEMINI_BASE_URL`, read by gemini 0.61.0's createContentGenerator, bundle/chunk-JDPZ4CE3.js:311992),
 * and
 * Vertex AI's switch, key (express mode), project, location and cloud credentials.
 */
export const GEMINI_ENVIRONMENT: readonly string[] = [
  'GEMINI_API_KEY',
  'GOOGLE_GEMINI_BASE_URL',
  'GOOGLE_GENAI_USE_VERTEXAI',
  'GOOGLE_API_KEY',
  'GOOGLE_CLOUD_PROJECT',
  'GOOGLE_CLOUD_LOCATION',
  'GOOGLE_VERTEX_BASE_URL',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'CLOUDSDK_CONFIG',
];

/**
 * How gemini authenticates an execution, as `security.auth.selectedType` names it (AuthType of gemini 0.61.0,
 * bundle/chunk-JDPZ4CE3.js:311840: `gemini-api-key`, `vertex-ai`, `oauth-personal`), with what it needs.
 */
export type GeminiAuth =
  | { type: 'gemini-api-key'; variable: 'GEMINI_API_KEY' }
  | { type: 'vertex-ai'; variable: string }
  | { type: 'oauth-personal'; credsFile: string };

/** gemini reads `GOOGLE_GENAI_USE_VERTEXAI` as on only when it is `true` (getAuthTypeFromEnv, chunk-JDPZ4CE3.js:311853). */
const vertexOn = (env: Env): boolean => env.GOOGLE_GENAI_USE_VERTEXAI?.trim().toLowerCase() === 'true';

/** Where "Login with Google" keeps its tokens: `~/.gemini/oauth_creds.json` (Storage.getOAuthCredsPath, chunk-JDPZ4CE3.js:253288). */
export const userOAuthCreds = (userHome: string | undefined): string | undefined =>
  userHome ? join(userHome, '.gemini', 'oauth_creds.json') : undefined;

/**
 * The credential gemini would use, in gemini's own order (getAuthTypeFromEnv): Vertex AI when switched on — with its
 * express-mode key, or a project and location for the cloud's credentials — then a Gemini API key, then the user's
 * "Login with Google" tokens. Only `GEMINI_API_KEY` is the Gemini API's key: gemini's validateAuthMethod
 * (bundle/chunk-HPLZM7PQ.js:60844) refuses `gemini-api-key` without it, and reads `GOOGLE_API_KEY` only for Vertex AI.
 */
export function geminiAuth(env: Env, userHome: string | undefined): GeminiAuth | undefined {
  if (vertexOn(env)) {
    if (env.GOOGLE_API_KEY) return { type: 'vertex-ai', variable: 'GOOGLE_API_KEY' };
    if (env.GOOGLE_CLOUD_PROJECT && env.GOOGLE_CLOUD_LOCATION) {
      return { type: 'vertex-ai', variable: 'GOOGLE_GENAI_USE_VERTEXAI' };
    }
  }
  if (env.GEMINI_API_KEY) return { type: 'gemini-api-key', variable: 'GEMINI_API_KEY' };
  const creds = userOAuthCreds(userHome);
  if (creds && existsSync(creds)) return { type: 'oauth-personal', credsFile: creds };
  return undefined;
}

/** What `skill-eval engines` says of it: the variable, or the login file. */
export function describeGeminiAuth(auth: GeminiAuth): EngineCredential {
  switch (auth.type) {
    case 'gemini-api-key':
      return { kind: 'Gemini API key', variable: auth.variable };
    case 'vertex-ai':
      return {
        kind: auth.variable === 'GOOGLE_API_KEY' ? 'Vertex AI API key' : 'Vertex AI (Google Cloud credentials)',
        variable: auth.variable,
      };
    case 'oauth-personal':
      return { kind: 'Login with Google', file: auth.credsFile };
  }
}

/**
 * Where gcloud's application-default login lives in the user's HOME, for Vertex AI without a key in a fresh HOME
 * (`CLOUDSDK_CONFIG`, which google-auth-library reads); nothing the user set already.
 */
export function cloudLoginFiles(env: Env, auth: GeminiAuth, userHome: string | undefined): Record<string, string> {
  if (auth.type !== 'vertex-ai' || auth.variable === 'GOOGLE_API_KEY' || !userHome || env.CLOUDSDK_CONFIG) return {};
  const gcloud = join(userHome, '.config', 'gcloud');
  return existsSync(gcloud) ? { CLOUDSDK_CONFIG: gcloud } : {};
}

export const missingAuth =
  'gemini-cli needs a credential: GEMINI_API_KEY (a Gemini API key), or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_API_KEY (Vertex AI express mode) or GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (Vertex AI with your gcloud credentials), or a "Login with Google" (`gemini`, then /auth) saved in ~/.gemini/oauth_creds.json.';
