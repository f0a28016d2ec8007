import {
  type ApiConnection,
  type ApiEngine,
  createApiEngine,
  hasArray,
  unexpectedAnswer,
  unreadableAnswer,
} from '@skill-eval/agent-loop';
import { type CompletionRequest, type CompletionResponse, isSkillEvalError } from '@skill-eval/core';
import { priceUsage } from '@skill-eval/engine-kit';
import { ChatModelClient } from './chat-client.js';
import { chatUsage } from './chat-messages.js';
import { apiFailure, createSdk, sdkVersion } from './openai-sdk.js';
import { ResponsesModelClient } from './responses-client.js';
import { responseReply } from './responses-messages.js';
import type { OpenAISettings } from './settings.js';

export const OPENAI_ENGINE_ID = 'openai';

const missingKey = (envName: string): string =>
  `No OpenAI API key: the environment variable ${envName} is not set. ` +
  'Set OPENAI_API_KEY (or the variable named by --ek apiKeyEnv=…), or OPENAI_BASE_URL plus any key for a compatible server.';

/** One judge call without tools, on the configured API. */
async function completeOnce(
  settings: OpenAISettings,
  { apiKey, baseURL }: ApiConnection,
  request: CompletionRequest,
): Promise<CompletionResponse> {
  const sdk = await createSdk(apiKey, baseURL);
  const model = request.model ?? settings.model;
  const maxTokens = request.maxTokens ?? settings.maxTokens;
  const temperature = settings.temperature === undefined ? {} : { temperature: settings.temperature };
  const options = { signal: request.signal, timeout: request.timeoutMs ?? 600_000 };
  try {
    if (settings.api === 'chat') {
      const system = request.system ? [{ role: 'system' as const, content: request.system }] : [];
      const completion = await sdk.chat.completions.create(
        {
          model,
          messages: [...system, ...request.messages],
          ...(maxTokens === undefined ? {} : { max_completion_tokens: maxTokens }),
          ...temperature,
        },
        options,
      );
      if (!hasArray(completion, 'choices')) throw unexpectedAnswer('Chat Completions', baseURL, completion);
      const usage = chatUsage(completion.usage);
      const text = completion.choices[0]?.message.content ?? '';
      return { text, model: completion.model || model, usage, costUsd: priceUsage(completion.model || model, usage) };
    }
    const response = await sdk.responses.create(
      {
        model,
        input: request.messages,
        ...(request.system ? { instructions: request.system } : {}),
        ...(maxTokens === undefined ? {} : { max_output_tokens: maxTokens }),
        ...temperature,
      },
      options,
    );
    if (!hasArray(response, 'output')) throw unexpectedAnswer('Responses API', baseURL, response);
    const { text, usage } = responseReply(response);
    return { text, model: response.model, usage, costUsd: priceUsage(response.model, usage) };
  } catch (error) {
    if (isSkillEvalError(error)) throw error;
    // The SDK reads a response it was not sent (HTML with status 200) into a TypeError of its own.
    if (error instanceof TypeError) {
      const api = settings.api === 'chat' ? 'Chat Completions' : 'Responses API';
      throw unreadableAnswer(api, baseURL, `the OpenAI SDK could not read it: ${error.message.slice(0, 160)}`);
    }
    throw apiFailure(error, baseURL);
  }
}

/** An engine on the OpenAI APIs: the shared agent loop with Agent Skills at `.agents/skills`, and `complete()` for judges. */
export function createOpenAIEngine(settings: OpenAISettings): ApiEngine {
  return createApiEngine({
    id: OPENAI_ENGINE_ID,
    settings,
    skillRoots: ['.agents/skills'],
    baseUrlEnv: 'OPENAI_BASE_URL',
    transcriptFile: 'openai-transcript.jsonl',
    missingKey,
    sdkVersion,
    createClient: (connection) => {
      const options = { ...connection, maxTokens: settings.maxTokens, temperature: settings.temperature };
      return settings.api === 'chat' ? new ChatModelClient(options) : new ResponsesModelClient(options);
    },
    complete: (connection, request) => completeOnce(settings, connection, request),
  });
}
