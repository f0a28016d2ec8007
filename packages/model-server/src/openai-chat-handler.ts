import type { ApiAdapter, JsonObject } from './api-adapter.js';
import { openaiError } from './error-shapes.js';
import { newId, unixSeconds } from './ids.js';
import { contentText, isRecord, joinSystem, viewItems } from './request-view.js';
import { chunkText, startSse, writeSse } from './sse.js';

/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`). Step = runs of assistant messages (tool and
 * user messages end a run). `reasoning` has no standard field here and is left out. The final usage
 * chunk (`choices: []`) is sent when the request asks for it with `stream_options.include_usage`, as
 * the real API does.
 */
export const openaiChatHandler: ApiAdapter = {
  api: 'openai-chat',

  view(body) {
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const walked = viewItems(
      messages,
      ({ role }) =>
        role === 'assistant'
          ? 'model'
          : role === 'user'
            ? 'user'
            : role === 'system' || role === 'developer'
              ? 'system'
              : 'other',
      (message) => contentText(message.content),
    );
    return {
      userText: walked.userText,
      prompt: walked.prompt,
      step: walked.step,
      systemText: joinSystem(walked.systemParts),
      hasTools: Array.isArray(body.tools) && body.tools.length > 0,
      model: String(body.model ?? ''),
    };
  },

  build(response, { body, usage }) {
    const calls = response.toolCalls ?? [];
    const message: JsonObject = {
      role: 'assistant',
      content: response.text ?? (calls.length > 0 ? null : ''),
      refusal: null,
      annotations: [],
    };
    if (calls.length > 0) {
      message.tool_calls = calls.map((call) => {
        const id = call.id ?? newId('call_');
        return typeof call.input === 'string' || call.custom
          ? { id, type: 'custom', custom: { name: call.name, input: call.input ?? '' } }
          : { id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input ?? {}) } };
      });
    }
    return {
      id: newId('chatcmpl-'),
      object: 'chat.completion',
      created: unixSeconds(),
      model: String(body.model ?? 'gpt-fake'),
      choices: [
        {
          index: 0,
          message,
          logprobs: null,
          finish_reason: response.stopReason ?? (calls.length > 0 ? 'tool_calls' : 'stop'),
        },
      ],
      usage: {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
        prompt_tokens_details: { cached_tokens: usage.cacheRead, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: usage.reasoning, audio_tokens: 0 },
      },
      service_tier: 'default',
      system_fingerprint: null,
    };
  },

  isNative: (raw) => raw.object === 'chat.completion',

  stream(res, completion, request) {
    startSse(res, { 'x-request-id': newId('req_') });
    const includeUsage = isRecord(request.stream_options) && request.stream_options.include_usage === true;
    const base = {
      id: completion.id,
      object: 'chat.completion.chunk',
      created: completion.created,
      model: completion.model,
      service_tier: completion.service_tier ?? 'default',
      system_fingerprint: completion.system_fingerprint ?? null,
    };
    const chunk = (delta: JsonObject, finish_reason: unknown = null) =>
      writeSse(res, undefined, {
        ...base,
        choices: [{ index: 0, delta, logprobs: null, finish_reason }],
        ...(includeUsage ? { usage: null } : {}),
      });
    const choice = Array.isArray(completion.choices) && isRecord(completion.choices[0]) ? completion.choices[0] : {};
    const message = isRecord(choice.message) ? choice.message : {};
    const text = typeof message.content === 'string' ? message.content : '';
    chunk({ role: 'assistant', content: text || message.tool_calls === undefined ? '' : null, refusal: null });
    for (const content of chunkText(text)) chunk({ content });
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isRecord) : [];
    for (const [index, call] of calls.entries()) {
      if (call.type !== 'function' || !isRecord(call.function)) {
        chunk({ tool_calls: [{ index, ...call }] });
        continue;
      }
      const { name, arguments: args } = call.function;
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name, arguments: '' } }] });
      for (const piece of chunkText(String(args ?? '')))
        chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
    chunk({}, choice.finish_reason ?? 'stop');
    if (includeUsage) writeSse(res, undefined, { ...base, choices: [], usage: completion.usage ?? null });
    writeSse(res, undefined, '[DONE]');
    res.end();
  },

  error: openaiError,
};
