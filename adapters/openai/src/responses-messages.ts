import type { ConversationItem, ModelReply, ToolDefinition } from '@skill-eval/agent-loop';
import type OpenAI from 'openai';
import { openaiUsage, parseArguments, toolOutput } from './openai-sdk.js';

type InputItem = OpenAI.Responses.ResponseInputItem;

/**
 * Maps the neutral conversation to Responses `input` items. An assistant turn replays the output items
 * the API returned (reasoning included), in order, as the API asks for stateless multi-turn use.
 */
export function toResponsesInput(conversation: readonly ConversationItem[]): InputItem[] {
  return conversation.flatMap((item): InputItem[] => {
    if (item.role === 'user') return [{ role: 'user', content: item.text }];
    if (item.role === 'tool-results')
      return item.results.map((r) => ({
        type: 'function_call_output',
        call_id: r.id,
        output: toolOutput(r.output, r.isError),
      }));
    if (Array.isArray(item.raw)) return item.raw as InputItem[];
    return [
      ...(item.text ? [{ role: 'assistant' as const, content: item.text }] : []),
      ...item.toolCalls.map(
        (c): InputItem => ({
          type: 'function_call',
          call_id: c.id,
          name: c.name,
          arguments: JSON.stringify(c.input),
        }),
      ),
    ];
  });
}

export const toResponsesTools = (tools: readonly ToolDefinition[]): OpenAI.Responses.FunctionTool[] =>
  tools.map((t) => ({
    type: 'function',
    name: t.name,
    description: t.description,
    parameters: t.inputSchema,
    strict: false,
  }));

export const responsesUsage = (u: OpenAI.Responses.ResponseUsage | null | undefined) =>
  openaiUsage(
    u?.input_tokens,
    u?.input_tokens_details?.cached_tokens,
    u?.output_tokens,
    u?.output_tokens_details?.reasoning_tokens,
  );

/** Text, reasoning summaries and function calls of a finished response. */
export function responseReply(response: OpenAI.Responses.Response): ModelReply {
  const texts: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: ModelReply['toolCalls'] = [];
  for (const item of response.output ?? []) {
    if (item.type === 'message')
      for (const part of item.content) texts.push(part.type === 'output_text' ? part.text : part.refusal);
    else if (item.type === 'reasoning') reasoning.push(...(item.summary ?? []).map((s) => s.text));
    else if (item.type === 'function_call')
      toolCalls.push({ id: item.call_id, name: item.name, input: parseArguments(item.arguments) });
  }
  return {
    text: texts.join('\n'),
    ...(reasoning.length ? { reasoning: reasoning.join('\n') } : {}),
    toolCalls,
    usage: responsesUsage(response.usage),
    model: response.model,
    stopReason: response.incomplete_details?.reason ?? response.status ?? null,
    outputLimitReached: response.incomplete_details?.reason === 'max_output_tokens',
    raw: response.output,
  };
}
