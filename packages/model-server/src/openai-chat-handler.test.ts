import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from './index.js';

const TOOLS: OpenAI.Chat.ChatCompletionTool[] = [
  {
    type: 'function',
    function: { name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
  },
];

let server: FakeModelServer | undefined;
afterEach(() => server?.close());

async function client(): Promise<OpenAI> {
  server = await startFakeModelServer({
    conversations: [
      {
        id: 'chat',
        match: { user: 'Read it', system: 'helpful' },
        responses: [
          {
            text: 'Reading.',
            toolCalls: [
              { name: 'read_file', input: { path: 'a.txt' } },
              { name: 'read_file', input: { path: 'b.txt' } },
            ],
          },
          { text: 'Both read.' },
        ],
      },
    ],
  });
  return new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test-key', maxRetries: 0 });
}

describe('OpenAI Chat Completions', () => {
  it('streams content and two tool_calls deltas, then a usage chunk', async () => {
    const openai = await client();
    const stream = await openai.chat.completions.create({
      model: 'gpt-test',
      stream: true,
      stream_options: { include_usage: true },
      tools: TOOLS,
      messages: [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'Read it' },
      ],
    });
    let content = '';
    const calls: { id?: string; name?: string; args: string }[] = [];
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      content += choice.delta.content ?? '';
      for (const delta of choice.delta.tool_calls ?? []) {
        calls[delta.index] ??= { args: '' };
        const call = calls[delta.index]!;
        call.id ??= delta.id;
        call.name ??= delta.function?.name;
        call.args += delta.function?.arguments ?? '';
      }
      finish = choice.finish_reason ?? finish;
    }
    expect(content).toBe('Reading.');
    expect(calls.map((call) => [call.name, JSON.parse(call.args)])).toEqual([
      ['read_file', { path: 'a.txt' }],
      ['read_file', { path: 'b.txt' }],
    ]);
    expect(new Set(calls.map((call) => call.id)).size).toBe(2);
    expect(finish).toBe('tool_calls');
    expect(usage!.total_tokens).toBe(usage!.prompt_tokens + usage!.completion_tokens);
  });

  it('counts assistant messages as steps and answers non-streaming', async () => {
    const openai = await client();
    const completion = await openai.chat.completions.create({
      model: 'gpt-test',
      tools: TOOLS,
      messages: [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'Read it' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'A' },
      ],
    });
    expect(completion.choices[0]!.message.content).toBe('Both read.');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(server!.requests[0]).toMatchObject({ api: 'openai-chat', conversation: 'chat', step: 1 });
  });
});
