/**
 * The model APIs whose traffic skill-eval can route: record and replay, a container's gateway and a sandbox's egress
 * policy all send an execution's model calls through the variable its agents read the API's base URL from. One table,
 * so that an API added here is routed everywhere at once, and an agent whose API is missing here is not routed
 * anywhere (its engine is then refused where routing is needed, not half routed).
 */
export const MODEL_APIS = ['anthropic', 'openai', 'gemini'] as const;

/** One routable model API. */
export type ModelApi = (typeof MODEL_APIS)[number];

/** Where an API's base URL is read from, and where it goes when the variable is unset. */
export interface ModelEndpoint {
  /** The environment variable agents and SDKs read the base URL from. */
  variable: string;
  /** The provider's own endpoint. */
  defaultUrl: string;
  /**
   * What an agent appends to the base URL before the API's own paths, when the variable carries it (`OPENAI_BASE_URL`
   * ends in `/v1`; `ANTHROPIC_BASE_URL` and `GOOGLE_GEMINI_BASE_URL` are the host alone).
   */
  pathPrefix: string;
  /** The variable holding the API's key, filled with a placeholder when nothing real may be sent (replays). */
  keyVariable: string;
}

export const MODEL_ENDPOINTS: Readonly<Record<ModelApi, ModelEndpoint>> = {
  anthropic: {
    variable: 'ANTHROPIC_BASE_URL',
    defaultUrl: 'https://api.anthropic.com',
    pathPrefix: '',
    keyVariable: 'ANTHROPIC_API_KEY',
  },
  openai: {
    variable: 'OPENAI_BASE_URL',
    defaultUrl: 'https://api.openai.com/v1',
    pathPrefix: '/v1',
    keyVariable: 'OPENAI_API_KEY',
  },
  // gemini-cli reads it (createContentGenerator, @google/gemini-cli 0.61.0 bundle/chunk-JDPZ4CE3.js:311992), as
  // @google/genai's client does; the Gemini API's paths (`/v1beta/models/…`) follow the host.
  gemini: {
    variable: 'GOOGLE_GEMINI_BASE_URL',
    defaultUrl: 'https://generativelanguage.googleapis.com',
    pathPrefix: '',
    keyVariable: 'GEMINI_API_KEY',
  },
};

/** The base URL variables of every routable API, in table order. */
export const MODEL_ENDPOINT_VARIABLES: readonly string[] = MODEL_APIS.map((api) => MODEL_ENDPOINTS[api].variable);

/** The base URL variables as a message names them: `ANTHROPIC_BASE_URL, OPENAI_BASE_URL or GOOGLE_GEMINI_BASE_URL`. */
export const ANY_ENDPOINT_VARIABLE = MODEL_ENDPOINT_VARIABLES.join(', ').replace(/, ([^,]*)$/, ' or $1');

/** Each API's endpoint in `env`: its variable's value, else the provider's own. */
export function modelEndpoints(env: Readonly<Record<string, string | undefined>>): Record<ModelApi, string> {
  return mapApis((api) => env[MODEL_ENDPOINTS[api].variable] || MODEL_ENDPOINTS[api].defaultUrl);
}

/** The variables that send each API's traffic to `urls` (one base URL per API). */
export function endpointVariables(urls: Readonly<Record<ModelApi, string>>): Record<string, string> {
  return Object.fromEntries(MODEL_APIS.map((api) => [MODEL_ENDPOINTS[api].variable, urls[api]]));
}

/** A record with one value per routable API. */
export function mapApis<T>(value: (api: ModelApi) => T): Record<ModelApi, T> {
  return Object.fromEntries(MODEL_APIS.map((api) => [api, value(api)])) as Record<ModelApi, T>;
}

/** Whether a string names a routable API. */
export const isModelApi = (name: string): name is ModelApi => (MODEL_APIS as readonly string[]).includes(name);
