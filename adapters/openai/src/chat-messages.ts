import type { ConversationItem, ModelReply, ToolDefinition } from '@skill-eval/agent-loop';
import { SkillEvalError } from '@skill-eval/core';
import type OpenAI from 'openai';
import { openaiUsage, parseArguments, toolOutput } from './openai-sdk.js';

type Message = OpenAI.Chat.ChatCompletionMessageParam;
type Chunk = OpenAI.Chat.ChatCompletionChunk;

/** Maps the neutral conversation to chat messages, the system prompt first. */
export function toChatMessages(system: string, conversation: readonly ConversationItem[]): Message[] {
  const messages: Message[] = [{ role: 'system', content: system }];
  for (const item of conversation) {
    if (item.role === 'user') messages.push({ role: 'user', content: item.text });
    else if (item.role === 'tool-results')
      for (const r of item.results)
        messages.push({ role: 'tool', tool_call_id: r.id, content: toolOutput(r.output, r.isError) });
    else if (item.raw && typeof item.raw === 'object') messages.push(item.raw as Message);
    else {
      const calls = item.toolCalls.map((c) => ({
        id: c.id,
        type: 'function' as const,
        function: { name: c.name, arguments: JSON.stringify(c.input) },
      }));
      messages.push({
        role: 'assistant',
        content: item.text || (calls.length ? null : ''),
        ...(calls.length ? { tool_calls: calls } : {}),
      });
    }
  }
  return messages;
}

export const toChatTools = (tools: readonly ToolDefinition[]): OpenAI.Chat.ChatCompletionFunctionTool[] =>
  tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.inputSchema },
  }));

export const chatUsage = (u: OpenAI.CompletionUsage | null | undefined) =>
  openaiUsage(
    u?.prompt_tokens,
    u?.prompt_tokens_details?.cached_tokens,
    u?.completion_tokens,
    u?.completion_tokens_details?.reasoning_tokens,
  );

/** Reasoning text some compatible servers stream (`reasoning_content`: vLLM, DeepSeek; `reasoning`: Ollama, OpenRouter). */
const deltaReasoning = (delta: object): string => {
  const d = delta as { reasoning_content?: unknown; reasoning?: unknown };
  return typeof d.reasoning_content === 'string'
    ? d.reasoning_content
    : typeof d.reasoning === 'string'
      ? d.reasoning
      : '';
};

/** Accumulates a streamed completion (first choice) into a reply; raw is the assistant message to replay. Throws ENGINE_FAILED for an unfinished stream. */
export async function chatReply(chunks: AsyncIterable<Chunk>, requestedModel: string): Promise<ModelReply> {
  let text = '';
  let reasoning = '';
  let model = '';
  let stopReason: string | null = null;
  let usage: OpenAI.CompletionUsage | undefined;
  const calls: { id: string; name: string; arguments: string }[] = [];
  for await (const chunk of chunks) {
    model ||= chunk.model;
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.find((c) => c.index === 0);
    if (!choice) continue;
    text += choice.delta.content ?? '';
    reasoning += deltaReasoning(choice.delta);
    for (const part of choice.delta.tool_calls ?? []) {
      calls[part.index] ??= { id: '', name: '', arguments: '' };
      const call = calls[part.index]!;
      call.id ||= part.id ?? '';
      call.name += part.function?.name ?? '';
      call.arguments += part.function?.arguments ?? '';
    }
    stopReason = choice.finish_reason ?? stopReason;
  }
  // A stream cut short (or a page some proxy sent in the API's place) ends without one: its reply is not the model's.
  if (stopReason === null)
    throw new SkillEvalError(
      'ENGINE_FAILED',
      'The Chat Completions stream ended before the reply was finished (no chunk had a finish_reason): ' +
        'the connection was cut, or something other than the API answered at the base URL.',
    );
  const toolCalls = calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
  const raw: Message = {
    role: 'assistant',
    // Null content is allowed only beside tool calls.
    content: text || (toolCalls.length ? null : ''),
    ...(toolCalls.length
      ? {
          tool_calls: toolCalls.map((c) => ({
            id: c.id,
            type: 'function' as const,
            function: { name: c.name, arguments: c.arguments },
          })),
        }
      : {}),
  };
  return {
    text,
    ...(reasoning ? { reasoning } : {}),
    toolCalls: toolCalls.map((c) => ({ id: c.id, name: c.name, input: parseArguments(c.arguments) })),
    usage: chatUsage(usage),
    model: model || requestedModel,
    stopReason,
    outputLimitReached: stopReason === 'length',
    raw,
  };
}
