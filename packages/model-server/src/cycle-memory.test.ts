import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFakeScript } from './script.js';
import { type FakeModelServer, startFakeModelServer } from './server.js';

type Block = Anthropic.ContentBlock;

// The trigger-eval shape: the Skill call in 2 of every 3 runs of the same prompt, a plain answer in the third.
const TRIGGER = {
  conversations: [
    {
      id: 'trigger',
      match: { user: 'Make a pdf' },
      cycle: [
        [{ toolCalls: [{ name: 'Skill', input: { skill: 'pdf' } }] }, { text: 'run A done' }],
        [{ toolCalls: [{ name: 'Skill', input: { skill: 'pdf' } }] }, { text: 'run B done' }],
        [{ text: 'No skill needed.' }],
      ],
    },
  ],
};

let server: FakeModelServer | undefined;
afterEach(() => server?.close());

const anthropic = () => new Anthropic({ baseURL: server!.url, apiKey: 'test-key', maxRetries: 0 });
const opening: Anthropic.MessageParam = { role: 'user', content: 'Make a pdf' };
const start = () => anthropic().messages.create({ model: 'm', max_tokens: 5, messages: [opening] });
/** The run's next request: its history with the tool results sent back. */
const goOn = (content: Block[]) => {
  const results = content
    .filter((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use')
    .map((block) => ({ type: 'tool_result' as const, tool_use_id: block.id, content: 'loaded' }));
  return anthropic().messages.create({
    model: 'm',
    max_tokens: 5,
    messages: [opening, { role: 'assistant', content }, { role: 'user', content: results }],
  });
};
const text = (content: Block[]) => content.map((block) => (block.type === 'text' ? block.text : block.type));

describe('cycle conversations', () => {
  it('answer each new run from the next list, cycling, and keep each run on its list when runs overlap', async () => {
    server = await startFakeModelServer(TRIGGER);
    const runs = [await start(), await start(), await start(), await start()];
    expect(runs.map((r) => text(r.content))).toEqual([['tool_use'], ['tool_use'], ['No skill needed.'], ['tool_use']]);
    // Runs 2 and 1 go on, out of order: each reaches its own list's second answer.
    expect(text((await goOn(runs[1]!.content)).content)).toEqual(['run B done']);
    expect(text((await goOn(runs[0]!.content)).content)).toEqual(['run A done']);
    expect(text((await goOn(runs[3]!.content)).content)).toEqual(['run A done']);
    expect(server.requests.map((r) => [r.step, r.cycle])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 0],
      [1, 1],
      [1, 0],
      [1, 0],
    ]);
    const ids = runs.flatMap((r) => r.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])));
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => id.startsWith('toolu_'))).toBe(true);
  });

  it('tag OpenAI calls with call_ ids and route by them', async () => {
    server = await startFakeModelServer(TRIGGER);
    const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'k', maxRetries: 0 });
    const first = await openai.responses.create({ model: 'gpt', input: 'Make a pdf' });
    const call = first.output.find((item) => item.type === 'function_call');
    expect(call?.call_id).toMatch(/^call_/);
    await openai.responses.create({ model: 'gpt', input: 'Make a pdf' });
    const next = await openai.responses.create({
      model: 'gpt',
      input: [
        { role: 'user', content: 'Make a pdf' },
        { type: 'function_call', call_id: call!.call_id, name: 'Skill', arguments: '{"skill":"pdf"}' },
        { type: 'function_call_output', call_id: call!.call_id, output: 'loaded' },
      ],
    });
    expect(next.output_text).toBe('run A done');
  });

  it('start counting again after setScript', async () => {
    server = await startFakeModelServer(TRIGGER);
    await start();
    server.setScript(TRIGGER);
    expect(text((await start()).content)).toEqual(['tool_use']);
    expect(server.requests.map((r) => r.cycle)).toEqual([0, 0]);
  });

  it('follow the list chosen last without call ids, and name it in the error past its end', async () => {
    server = await startFakeModelServer(TRIGGER);
    await start();
    await start();
    const plain = await start();
    const error = await goOn(plain.content).catch((e: Error) => e);
    expect(String(error)).toContain('has no response for step 1 (its list 2 scripts 1: steps 0-0)');
  });

  it.each([
    [{ id: 'x', responses: [{ text: 'a' }], cycle: [[{ text: 'b' }]] }],
    [{ id: 'x' }],
    [{ id: 'x', cycle: [] }],
    [{ id: 'x', cycle: [[]] }],
  ])('reject %j', (conversation) => {
    expect(() => parseFakeScript({ conversations: [conversation] })).toThrow(/BAD_INPUT|Invalid fake model script/);
  });
});
