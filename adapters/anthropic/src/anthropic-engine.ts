import { errorSession, runAgentSession } from '@skill-eval/agent-loop';
import {
  type CompletionRequest,
  type CompletionResponse,
  type Engine,
  type EngineRunInput,
  priceUsage,
  SkillEvalError,
} from '@skill-eval/core';
import { AnthropicModelClient, createSdk } from './anthropic-client.js';
import { apiFailure, replyParts, toUsage } from './anthropic-messages.js';
import type { AnthropicSettings } from './settings.js';

export const ANTHROPIC_ENGINE_ID = 'anthropic';

const missingKey = (envName: string): string =>
  `No Anthropic API key: the environment variable ${envName} is not set. ` +
  'Set ANTHROPIC_API_KEY (or the variable named by --ek apiKeyEnv=…), or ANTHROPIC_BASE_URL plus any key for a compatible server.';

/** Version of the bundled @anthropic-ai/sdk. */
export async function sdkVersion(): Promise<string> {
  try {
    return (await import('@anthropic-ai/sdk/version')).VERSION;
  } catch (error) {
    throw new SkillEvalError('ENGINE_NOT_FOUND', 'The @anthropic-ai/sdk package cannot be loaded.', {
      cause: error,
      hint: 'Reinstall @skill-eval/engine-anthropic.',
    });
  }
}

/** An engine on the Messages API: the shared agent loop with Claude-Code-style skills, and `complete()` for judges. */
export function createAnthropicEngine(settings: AnthropicSettings): Engine {
  const skillRoots = ['.claude/skills'] as const;
  return {
    id: ANTHROPIC_ENGINE_ID,
    capabilities: { multiTurn: true, skills: true, workspaceTools: true, complete: true, mcp: true },
    skillRoots,
    defaultModel: settings.model,
    version: sdkVersion,

    async run(input: EngineRunInput) {
      const model = input.model ?? settings.model;
      const engineVersion = await sdkVersion().catch(() => undefined);
      const apiKey = input.env[settings.apiKeyEnv];
      if (!apiKey)
        return errorSession(ANTHROPIC_ENGINE_ID, 'ENGINE_FAILED', missingKey(settings.apiKeyEnv), {
          engineVersion,
          model,
        });
      const baseURL = settings.baseUrl ?? input.env.ANTHROPIC_BASE_URL ?? process.env.ANTHROPIC_BASE_URL;
      const { maxTokens, temperature } = settings;
      return runAgentSession({
        input,
        engineId: ANTHROPIC_ENGINE_ID,
        engineVersion,
        model,
        maxTurns: input.maxTurns ?? settings.maxTurns,
        skillRoots,
        transcriptFile: 'anthropic-transcript.jsonl',
        createClient: (record) => new AnthropicModelClient({ apiKey, baseURL, model, maxTokens, temperature, record }),
      });
    },

    async complete(request: CompletionRequest): Promise<CompletionResponse> {
      const apiKey = process.env[settings.apiKeyEnv];
      if (!apiKey) throw new SkillEvalError('ENGINE_FAILED', missingKey(settings.apiKeyEnv));
      const baseURL = settings.baseUrl ?? process.env.ANTHROPIC_BASE_URL;
      const sdk = await createSdk(apiKey, baseURL);
      const message = await sdk.messages
        .create(
          {
            model: request.model ?? settings.model,
            max_tokens: request.maxTokens ?? settings.maxTokens,
            messages: request.messages,
            ...(request.system ? { system: request.system } : {}),
            ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
          },
          // An explicit timeout also stops the SDK refusing large max_tokens without streaming.
          { signal: request.signal, timeout: request.timeoutMs ?? 600_000 },
        )
        .catch((error: unknown) => {
          throw apiFailure(error, baseURL);
        });
      const usage = toUsage(message.usage);
      return { text: replyParts(message).text, model: message.model, usage, costUsd: priceUsage(message.model, usage) };
    },
  };
}
