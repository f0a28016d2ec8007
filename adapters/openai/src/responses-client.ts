import type { ModelClient, ModelReply, TranscriptRecorder } from '@skill-eval/agent-loop';
import { SkillEvalError } from '@skill-eval/core';
import type OpenAI from 'openai';
import { apiFailure, createSdk } from './openai-sdk.js';
import { responseReply, toResponsesInput, toResponsesTools } from './responses-messages.js';

/** How to reach an OpenAI API; shared by both clients. */
export interface OpenAIClientOptions {
  apiKey: string;
  /** Base URL of the API or a compatible server; SDK default when absent. */
  baseURL?: string;
  model: string;
  maxTokens?: number;
  temperature?: number;
  /** Receives each request body and response for the transcript. */
  record?: TranscriptRecorder;
}

/** Ends with the final response; in-stream failures become errors carrying the API's message. */
async function finalResponse(
  events: AsyncIterable<OpenAI.Responses.ResponseStreamEvent>,
): Promise<OpenAI.Responses.Response> {
  let final: OpenAI.Responses.Response | undefined;
  for await (const event of events) {
    if (event.type === 'error') throw new SkillEvalError('ENGINE_FAILED', `OpenAI API stream error: ${event.message}`);
    if (event.type === 'response.failed')
      throw new SkillEvalError(
        'ENGINE_FAILED',
        `OpenAI response failed: ${event.response.error?.message ?? 'no message'}`,
      );
    if (event.type === 'response.completed' || event.type === 'response.incomplete') final = event.response;
  }
  if (!final) throw new SkillEvalError('ENGINE_FAILED', 'The OpenAI response stream ended without a final response.');
  return final;
}

/** ModelClient over the Responses API: each call streams one response (stateless: the input carries the history). */
export class ResponsesModelClient implements ModelClient {
  #sdk: Promise<OpenAI> | undefined;

  constructor(private readonly options: OpenAIClientOptions) {}

  async call(...[conversation, tools, system, signal]: Parameters<ModelClient['call']>): Promise<ModelReply> {
    const { model, maxTokens, temperature, record, baseURL } = this.options;
    const body: OpenAI.Responses.ResponseCreateParamsStreaming = {
      model,
      instructions: system,
      input: toResponsesInput(conversation),
      ...(tools.length ? { tools: toResponsesTools(tools) } : {}),
      ...(maxTokens === undefined ? {} : { max_output_tokens: maxTokens }),
      ...(temperature === undefined ? {} : { temperature }),
      stream: true,
    };
    record?.({ type: 'request', body });
    try {
      this.#sdk ??= createSdk(this.options.apiKey, baseURL);
      const response = await finalResponse(await (await this.#sdk).responses.create(body, { signal }));
      // The SDK ends an aborted stream quietly; the loop must see the abort, not a short reply.
      if (signal.aborted) throw new Error('aborted');
      record?.({ type: 'response', response });
      return responseReply(response);
    } catch (error) {
      const failure = signal.aborted ? new Error('aborted', { cause: error }) : apiFailure(error, baseURL);
      record?.({ type: 'error', message: failure.message });
      throw failure;
    }
  }
}
