import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { chatReply, toChatMessages } from './chat-messages.js';

type Delta = Record<string, unknown>;
const chunk = (delta: Delta | null, extra: Partial<OpenAI.Chat.ChatCompletionChunk> = {}) =>
  ({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'local-model',
    choices: delta ? [{ index: 0, delta, finish_reason: null }] : [],
    ...extra,
  }) as OpenAI.Chat.ChatCompletionChunk;
const finish = (reason: 'stop' | 'tool_calls') =>
  chunk(null, { choices: [{ index: 0, delta: {}, finish_reason: reason }] });
async function* stream(...chunks: OpenAI.Chat.ChatCompletionChunk[]) {
  yield* chunks;
}

describe('chatReply', () => {
  it('joins split tool-call arguments and reasoning_content, and keeps the message to replay', async () => {
    const reply = await chatReply(
      stream(
        chunk({ role: 'assistant', reasoning_content: 'Need a ' }),
        chunk({ reasoning_content: 'file.' }),
        chunk({
          tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'Write', arguments: '{"file_' } }],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'path":"a.txt"}' } }] }),
        finish('tool_calls'),
        chunk(null, { usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 } }),
      ),
      'asked-model',
    );
    expect(reply).toMatchObject({
      text: '',
      reasoning: 'Need a file.',
      toolCalls: [{ id: 'call_1', name: 'Write', input: { file_path: 'a.txt' } }],
      usage: { inputTokens: 10, outputTokens: 4 },
      model: 'local-model',
    });
    // Reasoning is not replayed: some servers refuse reasoning_content in requests.
    expect(toChatMessages('sys', [{ role: 'assistant', text: '', toolCalls: [], raw: reply.raw }])).toEqual([
      { role: 'system', content: 'sys' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'Write', arguments: '{"file_path":"a.txt"}' } },
        ],
      },
    ]);
  });

  it('refuses a stream that ends before a finish_reason, as a cut connection or a proxy page leaves it', async () => {
    const cut = chatReply(stream(chunk({ role: 'assistant', content: 'The answer is' })), 'asked-model');
    await expect(cut).rejects.toMatchObject({ code: 'ENGINE_FAILED', message: expect.stringMatching(/finish_reason/) });
    await expect(chatReply(stream(), 'asked-model')).rejects.toThrow(/ended before the reply was finished/);
    const whole = await chatReply(stream(chunk({ content: 'The answer is 4' }), finish('stop')), 'asked-model');
    expect(whole).toMatchObject({ text: 'The answer is 4', stopReason: 'stop' });
  });

  it('marks failed tool results in the tool message', () => {
    const messages = toChatMessages('s', [
      { role: 'tool-results', results: [{ id: 'c1', output: 'nope', isError: true }] },
    ]);
    expect(messages[1]).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'Error: nope' });
  });
});
