import type { CompletionRequest, CompletionResponse, Engine, EngineRunInput, Session } from '@skill-eval/core';
import { SkillEvalError } from '@skill-eval/core';
import { errorSession, runAgentSession } from './agent-session.js';
import type { ModelClient, TranscriptRecorder } from './model-client.js';

/** The settings every API engine shares. */
export interface ApiEngineSettings {
  /** Default model. */
  model: string;
  /** Name of the environment variable holding the API key. */
  apiKeyEnv: string;
  /** Explicit base URL; wins over the `baseUrlEnv` variable. */
  baseUrl?: string;
  /** Most model calls per user message. */
  maxTurns: number;
}

/** Where to reach the API for one run or completion. */
export interface ApiConnection {
  /** The API key read from the environment. */
  apiKey: string;
  /** The base URL, when one is set. */
  baseURL: string | undefined;
}

/** What distinguishes one API engine from another; the shell around them is shared. */
export interface ApiEngineOptions {
  /** Engine id, also used in error Sessions. */
  id: string;
  settings: ApiEngineSettings;
  /** Skill roots relative to the workspace. */
  skillRoots: readonly string[];
  /** Environment variable that may hold the base URL (e.g. `ANTHROPIC_BASE_URL`). */
  baseUrlEnv: string;
  /** File name of the JSONL transcript inside `input.artifactsDir`. */
  transcriptFile: string;
  /** The message for a missing key, given the variable's name. */
  missingKey(envName: string): string;
  /** Version of the provider SDK. */
  sdkVersion(): Promise<string>;
  /** Builds the provider client for one execution. */
  createClient(connection: ApiConnection & { model: string; record: TranscriptRecorder }): ModelClient;
  /** One judge call without tools. */
  complete(connection: ApiConnection, request: CompletionRequest): Promise<CompletionResponse>;
}

/** An engine on a model API, which returns complete sessions and answers completions. */
export interface ApiEngine extends Engine {
  run(input: EngineRunInput): Promise<Session>;
  complete(request: CompletionRequest): Promise<CompletionResponse>;
}

/** An engine on a model API: key lookup, then the shared agent loop for `run()` and the provider call for `complete()`. */
export function createApiEngine(options: ApiEngineOptions): ApiEngine {
  const { id, settings, skillRoots, baseUrlEnv, missingKey, sdkVersion } = options;
  return {
    id,
    capabilities: { mcp: true, nextTurn: true },
    skillRoots,
    defaultModel: settings.model,
    environment: [settings.apiKeyEnv],
    version: sdkVersion,
    missingSetup: (env) => (env[settings.apiKeyEnv] ? undefined : missingKey(settings.apiKeyEnv)),
    credential: (env) => (env[settings.apiKeyEnv] ? { kind: 'API key', variable: settings.apiKeyEnv } : undefined),

    async run(input: EngineRunInput) {
      const model = input.model ?? settings.model;
      const engineVersion = await sdkVersion().catch(() => undefined);
      const apiKey = input.env[settings.apiKeyEnv];
      if (!apiKey) return errorSession(id, 'ENGINE_FAILED', missingKey(settings.apiKeyEnv), { engineVersion, model });
      const baseURL = settings.baseUrl ?? input.env[baseUrlEnv] ?? process.env[baseUrlEnv];
      return runAgentSession({
        input,
        engineId: id,
        engineVersion,
        model,
        maxTurns: input.maxTurns ?? settings.maxTurns,
        skillRoots,
        transcriptFile: options.transcriptFile,
        createClient: (record) => options.createClient({ apiKey, baseURL, model, record }),
      });
    },

    async complete(request: CompletionRequest): Promise<CompletionResponse> {
      const env = request.env ?? process.env;
      const apiKey = env[settings.apiKeyEnv];
      if (!apiKey) throw new SkillEvalError('ENGINE_FAILED', missingKey(settings.apiKeyEnv));
      return options.complete({ apiKey, baseURL: settings.baseUrl ?? env[baseUrlEnv] }, request);
    },
  };
}
