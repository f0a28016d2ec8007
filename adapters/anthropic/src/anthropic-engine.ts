import { type ApiEngine, createApiEngine, hasArray, unexpectedAnswer } from '@skill-eval/agent-loop';
import { type CompletionRequest, type CompletionResponse, SkillEvalError } from '@skill-eval/core';
import { priceUsage } from '@skill-eval/engine-kit';
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
export function createAnthropicEngine(settings: AnthropicSettings): ApiEngine {
  const { maxTokens, temperature } = settings;
  return createApiEngine({
    id: ANTHROPIC_ENGINE_ID,
    settings,
    skillRoots: ['.claude/skills'],
    baseUrlEnv: 'ANTHROPIC_BASE_URL',
    transcriptFile: 'anthropic-transcript.jsonl',
    missingKey,
    sdkVersion,
    createClient: (connection) => new AnthropicModelClient({ ...connection, maxTokens, temperature }),
    async complete({ apiKey, baseURL }, request: CompletionRequest): Promise<CompletionResponse> {
      const sdk = await createSdk(apiKey, baseURL);
      const message = await sdk.messages
        .create(
          {
            model: request.model ?? settings.model,
            max_tokens: request.maxTokens ?? maxTokens,
            messages: request.messages,
            ...(request.system ? { system: request.system } : {}),
            ...(temperature === undefined ? {} : { temperature }),
          },
          // An explicit timeout also stops the SDK refusing large max_tokens without streaming.
          { signal: request.signal, timeout: request.timeoutMs ?? 600_000 },
        )
        .catch((error: unknown) => {
          throw apiFailure(error, baseURL);
        });
      if (!hasArray(message, 'content')) throw unexpectedAnswer('Messages API', baseURL, message);
      const usage = toUsage(message.usage);
      return { text: replyParts(message).text, model: message.model, usage, costUsd: priceUsage(message.model, usage) };
    },
  });
}
