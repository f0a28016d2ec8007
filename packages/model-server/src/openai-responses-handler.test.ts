import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from './index.js';

const EXEC_TOOL = {
  type: 'function' as const,
  name: 'exec_command',
  parameters: { type: 'object', properties: { cmd: { type: 'string' } } },
  strict: false,
};

const SCRIPT: FakeScript = {
  conversations: [
    {
      id: 'read-skill',
      match: { user: 'Use the skill', tools: true },
      responses: [
        { reasoning: 'Read SKILL.md first.', toolCalls: [{ name: 'exec_command', input: { cmd: 'cat SKILL.md' } }] },
        { toolCalls: [{ name: 'apply_patch', custom: true, input: '*** Begin Patch\n*** End Patch' }] },
        { text: 'All done.', usage: { input_tokens: 500, output_tokens: 7 } },
      ],
    },
  ],
};

let server: FakeModelServer | undefined;
afterEach(() => server?.close());

async function client(script: FakeScript): Promise<OpenAI> {
  server = await startFakeModelServer(script);
  return new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test-key', maxRetries: 0 });
}

describe('OpenAI Responses API', () => {
  it('streams reasoning + function_call, then a custom call, then text across three steps', async () => {
    const openai = await client(SCRIPT);
    const input: OpenAI.Responses.ResponseInput = [
      { role: 'developer', content: 'You are codex.' },
      { role: 'user', content: 'Use the skill please' },
    ];

    const first = await openai.responses.stream({ model: 'gpt-test', input, tools: [EXEC_TOOL] }).finalResponse();
    expect(first.status).toBe('completed');
    expect(first.output.map((item) => item.type)).toEqual(['reasoning', 'function_call']);
    const [reasoning, call] = first.output as [
      OpenAI.Responses.ResponseReasoningItem,
      OpenAI.Responses.ResponseFunctionToolCall,
    ];
    expect(reasoning.summary).toEqual([{ type: 'summary_text', text: 'Read SKILL.md first.' }]);
    expect(JSON.parse(call.arguments)).toEqual({ cmd: 'cat SKILL.md' });
    expect(call.call_id).toMatch(/^call_/);
    expect(first.usage).toMatchObject({
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: expect.any(Number) },
    });
    expect(first.usage!.total_tokens).toBe(first.usage!.input_tokens + first.usage!.output_tokens);

    // Reasoning and the call are one model turn; their output ends it.
    input.push(...(first.output as OpenAI.Responses.ResponseInputItem[]), {
      type: 'function_call_output',
      call_id: call.call_id,
      output: 'skill body',
    });
    const second = await openai.responses.create({ model: 'gpt-test', input, tools: [EXEC_TOOL], stream: true });
    const types: string[] = [];
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of second) {
      types.push(event.type);
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(types).toContain('response.custom_tool_call_input.delta');
    expect(completed!.output[0]).toMatchObject({
      type: 'custom_tool_call',
      name: 'apply_patch',
      input: '*** Begin Patch\n*** End Patch',
    });

    input.push(completed!.output[0] as OpenAI.Responses.ResponseInputItem, {
      type: 'custom_tool_call_output',
      call_id: (completed!.output[0] as OpenAI.Responses.ResponseCustomToolCall).call_id,
      output: 'patched',
    });
    const third = await openai.responses.create({ model: 'gpt-test', input, tools: [EXEC_TOOL] });
    expect(third.output_text).toBe('All done.');
    expect(third.usage).toMatchObject({ input_tokens: 500, output_tokens: 7, total_tokens: 507 });
    expect(server!.requests.map((request) => [request.api, request.conversation, request.step])).toEqual([
      ['openai-responses', 'read-skill', 0],
      ['openai-responses', 'read-skill', 1],
      ['openai-responses', 'read-skill', 2],
    ]);
  });

  it('answers non-streaming with reasoning and a function_call whose arguments is a JSON string', async () => {
    const openai = await client(SCRIPT);
    const response = await openai.responses.create({ model: 'gpt-test', input: 'Use the skill', tools: [EXEC_TOOL] });
    expect(response.object).toBe('response');
    expect(response.id).toMatch(/^resp_/);
    const call = response.output[1] as OpenAI.Responses.ResponseFunctionToolCall;
    expect(call).toMatchObject({ type: 'function_call', name: 'exec_command', status: 'completed' });
    expect(typeof call.arguments).toBe('string');
    expect(JSON.parse(call.arguments)).toEqual({ cmd: 'cat SKILL.md' });
  });

  it('names the namespace of a function call, as codex offers MCP tools, and leaves it off otherwise', async () => {
    const openai = await client({
      conversations: [
        {
          id: 'mcp',
          responses: [{ toolCalls: [{ name: 'echo', namespace: 'mcp__echo', input: { text: 'hi' } }] }],
        },
      ],
    });
    const response = await openai.responses.create({ model: 'gpt-test', input: 'Echo', tools: [EXEC_TOOL] });
    expect(response.output[0]).toMatchObject({ type: 'function_call', name: 'echo', namespace: 'mcp__echo' });
    const plain = await (await client(SCRIPT)).responses.create({
      model: 'gpt-test',
      input: 'Use the skill',
      tools: [EXEC_TOOL],
    });
    expect(plain.output[1]).not.toHaveProperty('namespace');
  });

  it('surfaces a 401 as the SDK AuthenticationError in the OpenAI error shape', async () => {
    const openai = await client({ fallback: { error: { status: 401, message: 'bad key' } } });
    const call = openai.responses.create({ model: 'gpt-test', input: 'hi' });
    await expect(call).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(call).rejects.toMatchObject({ status: 401, error: { message: 'bad key', code: 'invalid_api_key' } });
  });

  it('lists models in the OpenAI shape', async () => {
    const openai = await client({ models: ['gpt-a'] });
    const page = await openai.models.list();
    expect(page.data).toEqual([expect.objectContaining({ id: 'gpt-a', object: 'model' })]);
  });
});
