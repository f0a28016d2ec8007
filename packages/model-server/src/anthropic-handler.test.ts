import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from './index.js';

const SKILL_TOOL = {
  name: 'Skill',
  description: 'Run a skill',
  input_schema: { type: 'object' as const, properties: { skill: { type: 'string' } }, required: ['skill'] },
};

let server: FakeModelServer | undefined;
afterEach(() => server?.close());

async function client(script: FakeScript): Promise<Anthropic> {
  server = await startFakeModelServer(script);
  return new Anthropic({ baseURL: server.url, apiKey: 'test-key', maxRetries: 0 });
}

describe('Anthropic Messages API', () => {
  it('answers messages.create with a plain message and scripted usage', async () => {
    const anthropic = await client({
      conversations: [
        {
          id: 'hi',
          match: { user: 'Say hi' },
          responses: [{ text: 'Hi there.', usage: { input_tokens: 100, output_tokens: 20 } }],
        },
      ],
    });
    const message = await anthropic.messages.create({
      model: 'claude-test',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Say hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Hi there.' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.model).toBe('claude-test');
    expect(message.usage).toMatchObject({ input_tokens: 100, output_tokens: 20 });
    expect(message.id).toMatch(/^msg_/);
  });

  it('streams text then tool_use; the SDK parses input_json_delta into the tool input', async () => {
    const anthropic = await client({
      conversations: [
        {
          id: 'greet',
          match: { user: 'Greet me', tools: true },
          responses: [
            {
              text: 'Loading the skill.',
              toolCalls: [{ name: 'Skill', input: { skill: 'hello', args: 'x "quoted"' } }],
            },
          ],
        },
      ],
    });
    const stream = anthropic.messages.stream({
      model: 'claude-test',
      max_tokens: 100,
      tools: [SKILL_TOOL],
      messages: [{ role: 'user', content: 'Greet me' }],
    });
    const events: string[] = [];
    stream.on('streamEvent', (event) => events.push(event.type));
    const message = await stream.finalMessage();
    expect(message.content[0]).toEqual({ type: 'text', text: 'Loading the skill.' });
    expect(message.content[1]).toMatchObject({
      type: 'tool_use',
      name: 'Skill',
      input: { skill: 'hello', args: 'x "quoted"' },
    });
    expect((message.content[1] as { id: string }).id).toMatch(/^toolu_/);
    expect(message.stop_reason).toBe('tool_use');
    // Defaults: input ≈ body length / 4, output ≈ reply length / 4.
    const bodyLength = JSON.stringify(server!.requests[0]!.body).length;
    expect(message.usage.input_tokens).toBeGreaterThan(bodyLength / 5);
    expect(message.usage.input_tokens).toBeLessThan(bodyLength / 3);
    expect(message.usage.output_tokens).toBeGreaterThan(1);
    expect(events[0]).toBe('message_start');
    expect(events.at(-2)).toBe('message_delta');
    expect(events.at(-1)).toBe('message_stop');
  });

  it('streams a thinking block when the request enables thinking', async () => {
    const anthropic = await client({ fallback: { reasoning: 'Let me think.', text: 'Answer.' } });
    const message = await anthropic.messages
      .stream({
        model: 'claude-test',
        max_tokens: 2000,
        thinking: { type: 'enabled', budget_tokens: 1024 },
        messages: [{ role: 'user', content: 'Why?' }],
      })
      .finalMessage();
    expect(message.content[0]).toMatchObject({ type: 'thinking', thinking: 'Let me think.' });
    expect((message.content[0] as { signature: string }).signature.length).toBeGreaterThan(10);
    expect(message.content[1]).toEqual({ type: 'text', text: 'Answer.' });
  });

  it('surfaces a scripted 401 as the SDK AuthenticationError', async () => {
    const anthropic = await client({
      fallback: { error: { status: 401, type: 'authentication_error', message: 'bad key' } },
    });
    const call = anthropic.messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] });
    await expect(call).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    await expect(call).rejects.toMatchObject({
      status: 401,
      error: { type: 'error', error: { type: 'authentication_error', message: 'bad key' } },
    });
  });

  it('counts tokens and lists models in the Anthropic shape', async () => {
    const anthropic = await client({ models: ['claude-a', 'claude-b'] });
    const counted = await anthropic.messages.countTokens({
      model: 'm',
      messages: [{ role: 'user', content: 'x'.repeat(400) }],
    });
    expect(counted.input_tokens).toBeGreaterThan(100);
    const models = [];
    for await (const model of anthropic.models.list()) models.push(model.id);
    expect(models).toEqual(['claude-a', 'claude-b']);
  });
});
