import type { ModelClient, ModelReply } from '@skill-eval/agent-loop';
import type OpenAI from 'openai';
import { chatReply, toChatMessages, toChatTools } from './chat-messages.js';
import { apiFailure, createSdk } from './openai-sdk.js';
import type { OpenAIClientOptions } from './responses-client.js';

/** ModelClient over Chat Completions, for servers that speak only that API; each call streams one completion. */
export class ChatModelClient implements ModelClient {
  #sdk: Promise<OpenAI> | undefined;

  constructor(private readonly options: OpenAIClientOptions) {}

  async call(...[conversation, tools, system, signal]: Parameters<ModelClient['call']>): Promise<ModelReply> {
    const { model, maxTokens, temperature, record, baseURL } = this.options;
    const body: OpenAI.Chat.ChatCompletionCreateParamsStreaming = {
      model,
      messages: toChatMessages(system, conversation),
      ...(tools.length ? { tools: toChatTools(tools) } : {}),
      ...(maxTokens === undefined ? {} : { max_completion_tokens: maxTokens }),
      ...(temperature === undefined ? {} : { temperature }),
      stream: true,
      // Without it the stream carries no token counts at all.
      stream_options: { include_usage: true },
    };
    record?.({ type: 'request', body });
    try {
      this.#sdk ??= createSdk(this.options.apiKey, baseURL);
      const reply = await chatReply(await (await this.#sdk).chat.completions.create(body, { signal }), model);
      // The SDK ends an aborted stream quietly; the loop must see the abort, not a short reply.
      if (signal.aborted) throw new Error('aborted');
      record?.({ type: 'response', reply });
      return reply;
    } catch (error) {
      const failure = signal.aborted ? new Error('aborted', { cause: error }) : apiFailure(error, baseURL);
      record?.({ type: 'error', message: failure.message });
      throw failure;
    }
  }
}
