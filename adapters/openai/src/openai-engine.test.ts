import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startHtmlServer, tempWorkspace } from '@skill-eval/agent-loop/testing';
import type { EngineRunInput } from '@skill-eval/core';
import { type FakeConversation, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

type Body = Record<string, any>;
/** Where each wire API puts the system prompt, the tool names, the tool outputs and the history. */
const wire = {
  responses: {
    system: (b: Body): string => b.instructions,
    tools: (b: Body): string[] => b.tools.map((t: Body) => t.name),
    outputs: (b: Body): string[] =>
      b.input.filter((i: Body) => i.type === 'function_call_output').map((i: Body) => i.output),
    roles: (b: Body): string[] => b.input.map((i: Body) => i.role ?? i.type),
  },
  chat: {
    system: (b: Body): string => b.messages[0].content,
    tools: (b: Body): string[] => b.tools.map((t: Body) => t.function.name),
    outputs: (b: Body): string[] => b.messages.filter((m: Body) => m.role === 'tool').map((m: Body) => m.content),
    roles: (b: Body): string[] => b.messages.map((m: Body) => m.role),
  },
};

const conversations: FakeConversation[] = [
  {
    id: 'skill',
    match: { user: 'Greet me', tools: true },
    responses: [
      {
        reasoning: 'The pirate skill fits.',
        toolCalls: [{ name: 'Skill', input: { skill: 'pirate-speak' } }],
        usage: { input_tokens: 100, cache_read_input_tokens: 40, output_tokens: 30, reasoning_tokens: 10 },
      },
      {
        toolCalls: [
          { name: 'Write', input: { file_path: 'ahoy.txt', content: 'AHOY\n' } },
          { name: 'Write', input: { file_path: '../escape.txt', content: 'x' } },
        ],
        usage: { input_tokens: 200, output_tokens: 20 },
      },
      {
        text: 'Done, matey.',
        usage: { input_tokens: 300, cache_read_input_tokens: 100, output_tokens: 15, reasoning_tokens: 5 },
      },
    ],
  },
  {
    id: 'loop',
    match: { user: 'Loop forever' },
    responses: [{ toolCalls: [{ name: 'ListFiles', input: {} }] }],
    whenExhausted: 'repeat-last',
  },
  {
    id: 'denied',
    match: { user: 'Unauthorized' },
    responses: [{ error: { status: 401, message: 'Incorrect API key provided' } }],
  },
  { id: 'hang', match: { user: 'Hang please' }, responses: [{ hang: true }] },
  ...(['responses', 'chat'] as const).map(
    (api): FakeConversation => ({
      id: `cut-off-${api}`,
      match: { user: `Write the long file (${api})` },
      responses: [
        {
          toolCalls: [
            { name: 'Write', input: { file_path: 'short.txt', content: 'whole' } },
            { name: 'Write', input: { file_path: 'long.txt', content: 'cut off he' } },
          ],
          // How each API says the output token limit ended the reply.
          stopReason: api === 'chat' ? 'length' : 'max_output_tokens',
        },
        { text: 'I will write it in parts.' },
      ],
    }),
  ),
  { id: 'chat', match: { user: 'First question' }, responses: [{ text: 'one' }, { text: 'two' }] },
  {
    id: 'judge',
    match: { user: 'Judge this', tools: false, system: 'Grade.' },
    responses: [
      { text: 'PASS', usage: { input_tokens: 50, cache_read_input_tokens: 10, output_tokens: 8, reasoning_tokens: 6 } },
    ],
  },
];

describe.each(['responses', 'chat'] as const)('openai engine (api: %s) against the fake server', (api) => {
  let server: Awaited<ReturnType<typeof startFakeModelServer>>;
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  const engine = plugin.create(plugin.parseSettings({ api, maxTurns: '3' }));
  const w = wire[api];
  beforeAll(async () => {
    server = await startFakeModelServer({ conversations });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    ws = await tempWorkspace('.agents/skills', 'engine-openai-');
  });
  afterEach(() => ws.cleanup());

  const run = (turns: string[], over: Partial<EngineRunInput> = {}) =>
    engine.run(
      ws.runInput(turns, { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${server.url}/v1` }, ...over }),
    );
  const bodies = (conversation: string): Body[] =>
    server.requests.filter((r) => r.conversation === conversation).map((r) => r.body as Body);

  it('does not run a tool call the output token limit cut off, and warns', async () => {
    const session = await run([`Write the long file (${api})`]);
    expect(session.status).toBe('completed');
    expect(await readFile(join(ws.workspace, 'short.txt'), 'utf8')).toBe('whole');
    expect(existsSync(join(ws.workspace, 'long.txt'))).toBe(false);
    const [, second] = bodies(`cut-off-${api}`);
    expect(w.outputs(second!)[1]).toMatch(/^Error: .*output token limit.*not run/);
    expect(session.warnings).toEqual([
      {
        kind: 'engine',
        message: expect.stringMatching(/output token limit in the middle of its call to Write.*maxTokens/),
      },
    ]);
  });

  it('lists the skill, runs Skill and Write, refuses an escape, sums usage and prices it once', async () => {
    const session = await run(['Greet me like a pirate.']);
    expect(session).toMatchObject({ status: 'completed', finalMessage: 'Done, matey.', turns: 3, model: 'gpt-5.5' });
    const [first, second, third] = bodies('skill');
    expect(w.system(first!)).toContain(
      'The following skills are available for use with the Skill tool:\n\n- pirate-speak: Use when the user wants a greeting in pirate speak.',
    );
    expect(w.tools(first!)).toEqual(['Skill', 'Read', 'Write', 'ListFiles']);
    expect(w.outputs(second!)).toEqual([
      `Base directory for this skill: ${join(ws.workspace, '.agents/skills/pirate')}\n\n# Pirate\nSay AHOY in capitals.\n`,
    ]);
    expect(await readFile(join(ws.workspace, 'ahoy.txt'), 'utf8')).toBe('AHOY\n');
    expect(existsSync(join(ws.root, 'escape.txt'))).toBe(false);
    expect(w.outputs(third!).slice(1)).toEqual([
      'Wrote 5 characters to ahoy.txt',
      'Error: Path is outside the workspace: ../escape.txt',
    ]);
    expect(session.skillsInvoked).toEqual([{ name: 'pirate-speak', via: 'tool' }]);
    expect(session.toolCalls.map((c) => [c.name, c.isError])).toEqual([
      ['Skill', false],
      ['Write', false],
      ['Write', true],
    ]);
    // Cached tokens come out of the input and reasoning out of the output (both included in OpenAI's counts).
    expect(session.usage).toEqual({
      inputTokens: 60 + 200 + 200,
      cacheReadTokens: 140,
      cacheWriteTokens: 0,
      outputTokens: 20 + 20 + 10,
      reasoningTokens: 15,
    });
    expect(session.costUsd).toBeCloseTo((460 * 1.25 + 140 * 0.125 + (30 + 20 + 15) * 10) / 1e6, 12);
    const transcript = await readFile(session.transcriptPath!, 'utf8');
    expect(
      transcript
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).type),
    ).toEqual(['request', 'response', 'request', 'response', 'request', 'response']);
    expect(transcript).not.toContain('sk-test');
  });

  it('shows reasoning in the events and replays each model turn before its tool outputs', async () => {
    const session = await run(['Greet me, reasoning.']);
    // Chat Completions has no standard reasoning field, so the fake (like OpenAI) sends none there.
    const reasoning = session.events.filter((e) => e.type === 'reasoning');
    expect(reasoning).toEqual(api === 'responses' ? [{ type: 'reasoning', text: 'The pirate skill fits.' }] : []);
    const roles = w.roles(bodies('skill').at(-2)!).slice(0, 4);
    expect(roles).toEqual(
      api === 'responses'
        ? ['user', 'reasoning', 'function_call', 'function_call_output']
        : ['system', 'user', 'assistant', 'tool'],
    );
  });

  it('stops at maxTurns model calls with status max-turns', async () => {
    const session = await run(['Loop forever.']);
    expect(session).toMatchObject({ status: 'max-turns', turns: 3, error: { code: 'MAX_TURNS' } });
  });

  it('turns a 401 or an unreachable server into an error session carrying the API message', async () => {
    const session = await run(['Unauthorized call.']);
    expect(session).toMatchObject({
      status: 'error',
      error: {
        code: 'ENGINE_FAILED',
        message: 'OpenAI API error 401 (invalid_request_error): Incorrect API key provided',
      },
    });
    const offline = await run(['Greet me.'], {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' },
    });
    expect(offline).toMatchObject({ status: 'error', error: { code: 'ENGINE_FAILED' } });
    expect(offline.error?.message).toMatch(/^OpenAI API request at http:\/\/127\.0\.0\.1:1\/v1 failed/);
  });

  it('times out a hanging server within the limit', async () => {
    const started = Date.now();
    const session = await run(['Hang please.'], { timeoutMs: 300 });
    expect(session).toMatchObject({ status: 'timeout', error: { code: 'TIMEOUT' } });
    // The server never answers: anything short of the test's own timeout shows the limit held.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('keeps the history across user turns', async () => {
    const session = await run(['First question?', 'Second question?']);
    expect(session).toMatchObject({ status: 'completed', finalMessage: 'two', turns: 2 });
    const second = bodies('chat')[1]!;
    expect(w.roles(second)).toEqual([...(api === 'chat' ? ['system'] : []), 'user', 'assistant', 'user']);
    expect(JSON.stringify(second)).toContain('"one"');
  });

  it('fails clearly without an API key', async () => {
    const session = await run(['Greet me.'], { env: {} });
    expect(session).toMatchObject({ status: 'error', error: { code: 'ENGINE_FAILED' } });
    expect(session.error?.message).toMatch(/OPENAI_API_KEY is not set.*OPENAI_BASE_URL/);
  });

  it('says before a run what it lacks: the key variable', () => {
    expect(engine.missingSetup?.({})).toMatch(/OPENAI_API_KEY is not set/);
    expect(engine.missingSetup?.({ OPENAI_API_KEY: 'sk-test' })).toBeUndefined();
  });

  it('complete() names an endpoint that answers with a web page instead of the API', async () => {
    const html = await startHtmlServer();
    try {
      const judge = plugin.create(plugin.parseSettings({ api, baseUrl: `${html.url}/v1` }));
      const failure = judge.complete!({
        messages: [{ role: 'user', content: 'Judge this.' }],
        env: { OPENAI_API_KEY: 'k' },
      });
      await expect(failure).rejects.toThrow(`The endpoint at ${html.url}/v1 answered with something that is not a`);
    } finally {
      await html.close();
    }
  });

  it('complete() answers a judge call without tools, with usage and cost', async () => {
    process.env.SKILL_EVAL_TEST_KEY = 'sk-test';
    try {
      const settings = { api, apiKeyEnv: 'SKILL_EVAL_TEST_KEY', baseUrl: `${server.url}/v1` };
      const judge = plugin.create(plugin.parseSettings(settings));
      const answer = await judge.complete!({
        system: 'Grade.',
        messages: [{ role: 'user', content: 'Judge this answer.' }],
      });
      expect(answer).toMatchObject({
        text: 'PASS',
        model: 'gpt-5.5',
        usage: { inputTokens: 40, cacheReadTokens: 10, outputTokens: 2, reasoningTokens: 6 },
      });
      expect(answer.costUsd).toBeCloseTo((40 * 1.25 + 10 * 0.125 + 8 * 10) / 1e6, 12);
      expect(bodies('judge').at(-1)!.stream).toBeFalsy();
    } finally {
      delete process.env.SKILL_EVAL_TEST_KEY;
    }
  });

  it('reports the SDK version', async () => {
    expect(await engine.version()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
