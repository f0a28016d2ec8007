import type { ApiAdapter, JsonObject } from './api-adapter.js';
import { anthropicError } from './error-shapes.js';
import { newId } from './ids.js';
import { contentText, isRecord, joinSystem, viewItems } from './request-view.js';
import { chunkText, startSse, writeSse } from './sse.js';

/** The Anthropic Messages API (`POST /v1/messages`), as the claude CLI and @anthropic-ai/sdk consume it. */
export const anthropicHandler: ApiAdapter = {
  api: 'anthropic',

  view(body) {
    const messages = Array.isArray(body.messages) ? body.messages : [];
    // The claude CLI sends a role:"system" message inside `messages`; it is prompt, not a turn boundary.
    const walked = viewItems(
      messages,
      (message) => (message.role === 'assistant' ? 'model' : message.role === 'system' ? 'system' : 'user'),
      (message) => contentText(message.content),
    );
    return {
      userText: walked.userText,
      prompt: walked.prompt,
      step: walked.step,
      systemText: joinSystem([contentText(body.system), ...walked.systemParts]),
      hasTools: Array.isArray(body.tools) && body.tools.length > 0,
      model: String(body.model ?? ''),
    };
  },

  build(response, { body, usage }) {
    const calls = response.toolCalls ?? [];
    const content: JsonObject[] = [];
    if (response.reasoning !== undefined && thinkingEnabled(body)) {
      content.push({ type: 'thinking', thinking: response.reasoning, signature: newId('sig', 48) });
    }
    if (response.text !== undefined || calls.length === 0) content.push({ type: 'text', text: response.text ?? '' });
    for (const call of calls) {
      // Anthropic has no freeform tools: a custom call's raw text rides in `input.input`.
      const input = typeof call.input === 'string' ? { input: call.input } : (call.input ?? {});
      content.push({ type: 'tool_use', id: call.id ?? newId('toolu_'), name: call.name, input });
    }
    return {
      id: newId('msg_'),
      type: 'message',
      role: 'assistant',
      model: String(body.model ?? 'claude-fake'),
      content,
      stop_reason: response.stopReason ?? (calls.length > 0 ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
      usage: {
        input_tokens: usage.input,
        cache_creation_input_tokens: usage.cacheWrite,
        cache_read_input_tokens: usage.cacheRead,
        output_tokens: usage.output,
      },
    };
  },

  isNative: (raw) => raw.type === 'message',

  stream(res, message) {
    startSse(res, { 'request-id': newId('req_') });
    const send = (type: string, data: JsonObject) => writeSse(res, type, { type, ...data });
    const usage = isRecord(message.usage) ? message.usage : {};
    send('message_start', {
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    const blocks = Array.isArray(message.content) ? message.content.filter(isRecord) : [];
    if (blocks.length === 0) send('ping', {});
    blocks.forEach((block, index) => {
      send('content_block_start', { index, content_block: emptyBlock(block) });
      if (index === 0) send('ping', {});
      for (const delta of blockDeltas(block)) send('content_block_delta', { index, delta });
      send('content_block_stop', { index });
    });
    send('message_delta', {
      delta: { stop_reason: message.stop_reason ?? 'end_turn', stop_sequence: message.stop_sequence ?? null },
      usage: { output_tokens: usage.output_tokens ?? 1 },
    });
    send('message_stop', {});
    res.end();
  },

  error: anthropicError,
};

/** `POST /v1/messages/count_tokens` answer. */
export function countTokensBody(inputTokens: number): JsonObject {
  return { input_tokens: inputTokens };
}

function thinkingEnabled(body: JsonObject): boolean {
  return isRecord(body.thinking) && body.thinking.type !== 'disabled';
}

/** The block as `content_block_start` carries it: streamed fields empty. */
function emptyBlock(block: JsonObject): JsonObject {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'tool_use':
    case 'server_tool_use':
      return { ...block, input: {} };
    default:
      return block;
  }
}

function blockDeltas(block: JsonObject): JsonObject[] {
  switch (block.type) {
    case 'text':
      return chunkText(String(block.text ?? '')).map((text) => ({ type: 'text_delta', text }));
    case 'thinking':
      return [
        ...chunkText(String(block.thinking ?? '')).map((thinking) => ({ type: 'thinking_delta', thinking })),
        { type: 'signature_delta', signature: String(block.signature ?? '') },
      ];
    case 'tool_use':
    case 'server_tool_use': {
      // The real API opens every tool input with an empty partial_json.
      const parts = ['', ...chunkText(JSON.stringify(block.input ?? {}))];
      return parts.map((partial_json) => ({ type: 'input_json_delta', partial_json }));
    }
    default:
      return [];
  }
}
