import type Anthropic from '@anthropic-ai/sdk';
import type { ModelClient, ModelReply, TranscriptRecorder } from '@skill-eval/agent-loop';
import { apiFailure, replyParts, toAnthropicMessages, toAnthropicTools, toUsage } from './anthropic-messages.js';

/** How to reach the Messages API. */
export interface AnthropicClientOptions {
  apiKey: string;
  /** Base URL of the API or a compatible server; SDK default when absent. */
  baseURL?: string;
  model: string;
  maxTokens: number;
  temperature?: number;
  /** Receives each request body and response for the transcript. */
  record?: TranscriptRecorder;
}

/** The SDK is imported on first use, so loading the plugin stays cheap. */
export async function createSdk(apiKey: string, baseURL: string | undefined): Promise<Anthropic> {
  const { default: AnthropicSdk } = await import('@anthropic-ai/sdk');
  // No retries: a harness wants a failing endpoint to fail fast, and the case becomes `error`.
  return new AnthropicSdk({ apiKey, baseURL: baseURL ?? null, maxRetries: 0 });
}

/** ModelClient over `messages.stream`: each call streams one reply and returns the final message. */
export class AnthropicModelClient implements ModelClient {
  #sdk: Promise<Anthropic> | undefined;

  constructor(private readonly options: AnthropicClientOptions) {}

  async call(...[conversation, tools, system, signal]: Parameters<ModelClient['call']>): Promise<ModelReply> {
    const { model, maxTokens, temperature, record, baseURL } = this.options;
    const body: Anthropic.MessageCreateParamsNonStreaming = {
      model,
      max_tokens: maxTokens,
      system,
      messages: toAnthropicMessages(conversation),
      tools: toAnthropicTools(tools),
      ...(temperature === undefined ? {} : { temperature }),
    };
    record?.({ type: 'request', body });
    try {
      this.#sdk ??= createSdk(this.options.apiKey, baseURL);
      const message = await (await this.#sdk).messages.stream(body, { signal }).finalMessage();
      record?.({ type: 'response', message });
      const raw = message.content;
      return {
        ...replyParts(message),
        usage: toUsage(message.usage),
        model: message.model,
        stopReason: message.stop_reason,
        outputLimitReached: message.stop_reason === 'max_tokens',
        raw,
      };
    } catch (error) {
      const failure = signal.aborted ? new Error('aborted', { cause: error }) : apiFailure(error, baseURL);
      record?.({ type: 'error', message: failure.message });
      throw failure;
    }
  }
}
