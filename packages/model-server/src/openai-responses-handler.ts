import type { ApiAdapter, JsonObject } from './api-adapter.js';
import { openaiError } from './error-shapes.js';
import { newId, unixSeconds } from './ids.js';
import { contentText, type ItemKind, isRecord, joinSystem, viewItems } from './request-view.js';
import { chunkText, startSse, writeSse } from './sse.js';

/**
 * The OpenAI Responses API (`POST /v1/responses`), as codex and the openai SDK consume it.
 * Step rule: a model turn is a run of consecutive model items (reasoning, `*_call`, assistant
 * messages) in `input`; tool outputs and user/developer messages end a run. Parallel calls of one
 * turn therefore count once, as long as the client keeps them together (codex and the SDK do).
 */
export const openaiResponsesHandler: ApiAdapter = {
  api: 'openai-responses',

  view(body) {
    const input = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : body.input;
    const walked = viewItems(Array.isArray(input) ? input : [], itemKind, (item) => contentText(item.content));
    return {
      userText: walked.userText,
      prompt: walked.prompt,
      step: walked.step,
      systemText: joinSystem([body.instructions, ...walked.systemParts]),
      hasTools: Array.isArray(body.tools) && body.tools.length > 0,
      model: String(body.model ?? ''),
    };
  },

  build(response, { body, usage }) {
    const calls = response.toolCalls ?? [];
    const output: JsonObject[] = [];
    if (response.reasoning !== undefined) {
      output.push({
        id: newId('rs_'),
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: response.reasoning }],
      });
    }
    if (response.text !== undefined || calls.length === 0) {
      const part = { type: 'output_text', text: response.text ?? '', annotations: [], logprobs: [] };
      output.push({ id: newId('msg_'), type: 'message', status: 'completed', role: 'assistant', content: [part] });
    }
    for (const call of calls) {
      const call_id = call.id ?? newId('call_');
      output.push(
        typeof call.input === 'string' || call.custom
          ? {
              id: newId('ctc_'),
              type: 'custom_tool_call',
              status: 'completed',
              call_id,
              name: call.name,
              input: call.input ?? '',
            }
          : {
              id: newId('fc_'),
              type: 'function_call',
              status: 'completed',
              call_id,
              name: call.name,
              ...(call.namespace ? { namespace: call.namespace } : {}),
              arguments: JSON.stringify(call.input ?? {}),
            },
      );
    }
    const incomplete = response.stopReason !== undefined && response.stopReason !== 'completed';
    return {
      id: newId('resp_'),
      object: 'response',
      created_at: unixSeconds(),
      status: incomplete ? 'incomplete' : 'completed',
      error: null,
      incomplete_details: incomplete ? { reason: response.stopReason } : null,
      instructions: body.instructions ?? null,
      max_output_tokens: body.max_output_tokens ?? null,
      model: String(body.model ?? 'gpt-fake'),
      output,
      parallel_tool_calls: body.parallel_tool_calls ?? true,
      previous_response_id: body.previous_response_id ?? null,
      reasoning: isRecord(body.reasoning) ? body.reasoning : { effort: null, summary: null },
      store: body.store ?? true,
      temperature: body.temperature ?? 1,
      text: body.text ?? { format: { type: 'text' } },
      tool_choice: body.tool_choice ?? 'auto',
      tools: body.tools ?? [],
      top_p: body.top_p ?? 1,
      truncation: 'disabled',
      usage: {
        input_tokens: usage.input,
        input_tokens_details: { cached_tokens: usage.cacheRead },
        output_tokens: usage.output,
        output_tokens_details: { reasoning_tokens: usage.reasoning },
        total_tokens: usage.input + usage.output,
      },
      user: null,
      metadata: body.metadata ?? {},
    };
  },

  isNative: (raw) => raw.object === 'response',

  stream(res, response) {
    startSse(res, { 'x-request-id': newId('req_') });
    let sequence = 0;
    const send: Send = (type, data) => writeSse(res, type, { type, sequence_number: sequence++, ...data });
    const shell = { ...response, status: 'in_progress', output: [], usage: null, incomplete_details: null };
    send('response.created', { response: shell });
    send('response.in_progress', { response: shell });
    const output = Array.isArray(response.output) ? response.output.filter(isRecord) : [];
    for (const [index, item] of output.entries()) streamItem(send, item, index);
    const final =
      response.status === 'incomplete' ? 'incomplete' : response.status === 'failed' ? 'failed' : 'completed';
    send(`response.${final}`, { response });
    res.end();
  },

  error: openaiError,
};

type Send = (type: string, data: JsonObject) => void;

function itemKind(item: JsonObject): ItemKind {
  if (item.role === 'assistant') return 'model';
  if (item.role === 'user') return 'user';
  if (item.role === 'developer' || item.role === 'system') return 'system';
  const type = String(item.type ?? '');
  return type === 'reasoning' || type.endsWith('_call') ? 'model' : 'other';
}

/** output_item.added → the item's own delta events → output_item.done. */
function streamItem(send: Send, item: JsonObject, output_index: number): void {
  const item_id = item.id;
  const at = { item_id, output_index };
  if (item.type === 'message') {
    send('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
    const parts = Array.isArray(item.content) ? item.content.filter(isRecord) : [];
    parts.forEach((part, content_index) => {
      const where = { ...at, content_index };
      const text = String(part.text ?? '');
      const streamed = part.type === 'output_text';
      send('response.content_part.added', { ...where, part: streamed ? { ...part, text: '' } : part });
      if (streamed) {
        for (const delta of chunkText(text)) send('response.output_text.delta', { ...where, delta, logprobs: [] });
        send('response.output_text.done', { ...where, text, logprobs: [] });
      }
      send('response.content_part.done', { ...where, part });
    });
  } else if (item.type === 'reasoning') {
    send('response.output_item.added', { output_index, item: { ...item, summary: [] } });
    const summary = Array.isArray(item.summary) ? item.summary.filter(isRecord) : [];
    summary.forEach((part, summary_index) => {
      const where = { ...at, summary_index };
      const text = String(part.text ?? '');
      send('response.reasoning_summary_part.added', { ...where, part: { type: 'summary_text', text: '' } });
      for (const delta of chunkText(text)) send('response.reasoning_summary_text.delta', { ...where, delta });
      send('response.reasoning_summary_text.done', { ...where, text });
      send('response.reasoning_summary_part.done', { ...where, part: { type: 'summary_text', text } });
    });
  } else if (item.type === 'function_call') {
    const args = String(item.arguments ?? '');
    send('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } });
    for (const delta of chunkText(args)) send('response.function_call_arguments.delta', { ...at, delta });
    send('response.function_call_arguments.done', { ...at, name: item.name, arguments: args });
  } else if (item.type === 'custom_tool_call') {
    const input = String(item.input ?? '');
    send('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', input: '' } });
    for (const delta of chunkText(input)) send('response.custom_tool_call_input.delta', { ...at, delta });
    send('response.custom_tool_call_input.done', { ...at, input });
  } else {
    send('response.output_item.added', { output_index, item });
  }
  send('response.output_item.done', { output_index, item });
}
