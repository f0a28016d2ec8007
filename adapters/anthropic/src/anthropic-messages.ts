import type Anthropic from '@anthropic-ai/sdk';
import type { ConversationItem, ToolCallRequest, ToolDefinition } from '@skill-eval/agent-loop';
import { SkillEvalError, type Usage } from '@skill-eval/core';

type Block = Anthropic.ContentBlockParam;

/** Maps the neutral conversation to Messages API messages; same-role neighbours are merged (the API wants alternation). */
export function toAnthropicMessages(conversation: readonly ConversationItem[]): Anthropic.MessageParam[] {
  const out: Anthropic.MessageParam[] = [];
  const push = (role: 'user' | 'assistant', content: string | Block[]) => {
    const last = out.at(-1);
    if (!last || last.role !== role) return void out.push({ role, content } as Anthropic.MessageParam);
    const blocks = (c: string | Block[]): Block[] => (typeof c === 'string' ? [{ type: 'text', text: c }] : c);
    last.content = [...blocks(last.content as string | Block[]), ...blocks(content)];
  };
  for (const item of conversation) {
    if (item.role === 'user') push('user', item.text);
    else if (item.role === 'tool-results') {
      push(
        'user',
        item.results.map((r) => ({ type: 'tool_result', tool_use_id: r.id, content: r.output, is_error: r.isError })),
      );
    } else {
      const raw = Array.isArray(item.raw) ? (item.raw as Block[]) : undefined;
      const blocks: Block[] = raw ?? [
        { type: 'text', text: item.text },
        ...item.toolCalls.map((c): Block => ({ type: 'tool_use', id: c.id, name: c.name, input: c.input })),
      ];
      // The API refuses empty text blocks, which a streamed reply can contain.
      push(
        'assistant',
        blocks.filter((b) => b.type !== 'text' || b.text !== ''),
      );
    }
  }
  return out;
}

export const toAnthropicTools = (tools: readonly ToolDefinition[]): Anthropic.Tool[] =>
  tools.map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: t.inputSchema as Anthropic.Tool.InputSchema,
  }));

/** Thinking tokens are already inside output_tokens, so reasoningTokens stays 0 to avoid pricing them twice. */
export const toUsage = (u: Partial<Anthropic.Usage> | undefined): Usage => ({
  inputTokens: u?.input_tokens ?? 0,
  outputTokens: u?.output_tokens ?? 0,
  cacheReadTokens: u?.cache_read_input_tokens ?? 0,
  cacheWriteTokens: u?.cache_creation_input_tokens ?? 0,
  reasoningTokens: 0,
});

export function replyParts(message: Anthropic.Message): { text: string; toolCalls: ToolCallRequest[] } {
  const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
  const toolCalls = message.content.flatMap((b) =>
    b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input }] : [],
  );
  return { text, toolCalls };
}

/** An SDK failure as ENGINE_FAILED with the API's own message (status and type when the server answered). */
export function apiFailure(error: unknown, baseURL: string | undefined): SkillEvalError {
  const e = (error ?? {}) as {
    status?: unknown;
    type?: unknown;
    apiMessage?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  // An error event inside a stream (overloaded_error mid-reply) has no status, the stream having begun with 200.
  const inStream = e.status === undefined && typeof e.type === 'string' && typeof e.apiMessage === 'string';
  if (typeof e.status === 'number' || inStream) {
    const status = inStream ? ' in the stream' : ` ${e.status}`;
    const type = typeof e.type === 'string' ? ` (${e.type})` : '';
    const detail = typeof e.apiMessage === 'string' ? e.apiMessage : String(e.message ?? 'no message');
    return new SkillEvalError('ENGINE_FAILED', `Anthropic API error${status}${type}: ${detail}`, { cause: error });
  }
  // The SDK wraps a network failure in an error of the same message ("terminated"); its own cause says why.
  const causes: string[] = [];
  for (let link = e.cause; link instanceof Error; link = link.cause)
    if (link.message !== e.message && !causes.includes(link.message)) causes.push(link.message);
  const cause = causes.map((message) => `: ${message}`).join('');
  const where = baseURL ? ` at ${baseURL}` : '';
  return new SkillEvalError(
    'ENGINE_FAILED',
    `Anthropic API request${where} failed: ${String(e.message ?? error)}${cause}`,
    {
      cause: error,
      hint: 'Check ANTHROPIC_BASE_URL and the network.',
    },
  );
}
