import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startHtmlServer, tempWorkspace } from '@skill-eval/agent-loop/testing';
import type { EngineRunInput } from '@skill-eval/core';
import { priceUsage } from '@skill-eval/engine-kit';
import { startFakeModelServer } from '@skill-eval/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

type Server = Awaited<ReturnType<typeof startFakeModelServer>>;
type Body = { system: string; messages: { role: string; content: unknown }[]; tools?: { name: string }[] };
let server: Server;
let ws: Awaited<ReturnType<typeof tempWorkspace>>;
const engine = plugin.create(plugin.parseSettings({ model: 'claude-sonnet-5-5', maxTurns: '3' }));

beforeAll(async () => {
  server = await startFakeModelServer({
    conversations: [
      {
        id: 'skill',
        match: { user: 'Greet me', tools: true },
        responses: [
          {
            toolCalls: [{ name: 'Skill', input: { skill: 'pirate-speak' } }],
            usage: { input_tokens: 100, output_tokens: 10, cache_read_input_tokens: 50 },
          },
          {
            toolCalls: [
              { name: 'Write', input: { file_path: 'ahoy.txt', content: 'AHOY\n' } },
              { name: 'Write', input: { file_path: '../escape.txt', content: 'x' } },
            ],
            usage: { input_tokens: 200, output_tokens: 20 },
          },
          { text: 'Done, matey.', usage: { input_tokens: 300, output_tokens: 30, cache_creation_input_tokens: 40 } },
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
        responses: [{ error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' } }],
      },
      { id: 'hang', match: { user: 'Hang please' }, responses: [{ hang: true }] },
      {
        id: 'cut-off',
        match: { user: 'Write the long file' },
        responses: [
          {
            toolCalls: [
              { name: 'Write', input: { file_path: 'short.txt', content: 'whole' } },
              { name: 'Write', input: { file_path: 'long.txt' } },
            ],
            stopReason: 'max_tokens',
          },
          { text: 'I will write it in parts.' },
        ],
      },
      { id: 'chat', match: { user: 'First question' }, responses: [{ text: 'one' }, { text: 'two' }] },
      {
        id: 'judge',
        match: { user: 'Judge this', tools: false },
        responses: [{ text: 'PASS', usage: { input_tokens: 5, output_tokens: 1 } }],
      },
    ],
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  ws = await tempWorkspace('.claude/skills', 'engine-anthropic-');
});
afterEach(() => ws.cleanup());

const run = (turns: string[], over: Partial<EngineRunInput> = {}) =>
  engine.run(ws.runInput(turns, { env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: server.url }, ...over }));
const bodies = (conversation: string): Body[] =>
  server.requests.filter((r) => r.conversation === conversation).map((r) => r.body as unknown as Body);

describe('anthropic engine against the fake Messages server', () => {
  it('lists the staged skill, runs Skill and Write, refuses an escape, sums usage and cost', async () => {
    const session = await run(['Greet me like a pirate.']);
    expect(session).toMatchObject({
      status: 'completed',
      finalMessage: 'Done, matey.',
      turns: 3,
      model: 'claude-sonnet-5-5',
    });
    const [first, second, third] = bodies('skill');
    expect(first!.system).toContain(
      'The following skills are available for use with the Skill tool:\n\n- pirate-speak: Use when the user wants a greeting in pirate speak.',
    );
    expect(first!.tools!.map((t) => t.name)).toEqual(['Skill', 'Read', 'Write', 'ListFiles']);
    expect(JSON.stringify(second!.messages.at(-1))).toContain(
      JSON.stringify(
        `Base directory for this skill: ${join(ws.workspace, '.claude/skills/pirate')}\n\n# Pirate\nSay AHOY in capitals.\n`,
      ),
    );
    expect(await readFile(join(ws.workspace, 'ahoy.txt'), 'utf8')).toBe('AHOY\n');
    expect(existsSync(join(ws.root, 'escape.txt'))).toBe(false);
    const results = third!.messages.at(-1)!.content as { is_error?: boolean; content: string }[];
    expect(results.map((r) => r.is_error)).toEqual([false, true]);
    expect(results[1]!.content).toMatch(/outside the workspace/);
    expect(session.skillsInvoked).toEqual([{ name: 'pirate-speak', via: 'tool' }]);
    expect(session.toolCalls.map((c) => [c.name, c.isError])).toEqual([
      ['Skill', false],
      ['Write', false],
      ['Write', true],
    ]);
    expect(session.usage).toEqual({
      inputTokens: 600,
      outputTokens: 60,
      cacheReadTokens: 50,
      cacheWriteTokens: 40,
      reasoningTokens: 0,
    });
    expect(session.costUsd).toBeCloseTo(priceUsage('claude-sonnet-5-5', session.usage)!, 10);
    const transcript = (await readFile(session.transcriptPath!, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(transcript.map((e) => e.type)).toEqual([
      'request',
      'response',
      'request',
      'response',
      'request',
      'response',
    ]);
    expect(JSON.stringify(transcript)).not.toContain('sk-test');
  });

  it('does not run a tool call max_tokens cut off, and warns', async () => {
    const session = await run(['Write the long file.']);
    expect(session.status).toBe('completed');
    expect(await readFile(join(ws.workspace, 'short.txt'), 'utf8')).toBe('whole');
    const results = bodies('cut-off')[1]!.messages.at(-1)!.content as { is_error?: boolean; content: string }[];
    expect(results.map((r) => r.is_error)).toEqual([false, true]);
    // Not the tool's complaint about the missing content: the model learns why.
    expect(results[1]!.content).toMatch(/output token limit.*not run/);
    expect(session.warnings).toEqual([
      {
        kind: 'engine',
        message: expect.stringMatching(/output token limit in the middle of its call to Write.*maxTokens/),
      },
    ]);
  });

  it('names the API error of an error event inside the stream', async () => {
    const sse = (body: string) => ({
      method: 'POST',
      path: '/v1/messages',
      response: { status: 200, headers: { 'content-type': 'text/event-stream' }, body },
    });
    const overloaded =
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const replay = await startFakeModelServer({ recorded: { x1: [sse(overloaded)] } });
    try {
      const env = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: `${replay.url}/x/x1` };
      const session = await run(['Hello'], { env });
      expect(session).toMatchObject({ status: 'error', error: { code: 'ENGINE_FAILED' } });
      expect(session.error!.message).toMatch(/^Anthropic API error in the stream \(overloaded_error\): Overloaded$/);
    } finally {
      await replay.close();
    }
  });

  it('stops at maxTurns model calls with status max-turns', async () => {
    const session = await run(['Loop forever.']);
    expect(session).toMatchObject({ status: 'max-turns', turns: 3, error: { code: 'MAX_TURNS' } });
  });

  it('turns a 401 or an unreachable server into an error session carrying the API message', async () => {
    const session = await run(['Unauthorized call.']);
    expect(session.status).toBe('error');
    expect(session.error).toEqual({
      code: 'ENGINE_FAILED',
      message: 'Anthropic API error 401 (authentication_error): invalid x-api-key',
    });
    // Port 1 on loopback refuses connections: a network failure is an error session too, not a throw.
    const offline = await run(['Greet me.'], {
      env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: 'http://127.0.0.1:1' },
    });
    expect(offline).toMatchObject({ status: 'error', error: { code: 'ENGINE_FAILED' } });
    expect(offline.error?.message).toMatch(/^Anthropic API request at http:\/\/127\.0\.0\.1:1 failed/);
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
    const history = bodies('chat')[1]!.messages;
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(history[0]!.content).toBe('First question?');
    expect(history[1]!.content).toMatchObject([{ type: 'text', text: 'one' }]);
    expect(history[2]!.content).toBe('Second question?');
  });

  it('fails clearly without an API key', async () => {
    const session = await run(['Greet me.'], { env: {} });
    expect(session.status).toBe('error');
    expect(session.error?.message).toMatch(/ANTHROPIC_API_KEY is not set.*ANTHROPIC_BASE_URL/);
  });

  it('says before a run what it lacks: the key variable its settings name', () => {
    expect(engine.missingSetup?.({})).toMatch(/^No Anthropic API key: the environment variable ANTHROPIC_API_KEY/);
    expect(engine.missingSetup?.({ ANTHROPIC_API_KEY: 'sk-test' })).toBeUndefined();
    const own = plugin.create(plugin.parseSettings({ apiKeyEnv: 'TEAM_KEY' }));
    expect(own.missingSetup?.({ ANTHROPIC_API_KEY: 'sk-test' })).toContain('TEAM_KEY');
    expect(own.missingSetup?.({ TEAM_KEY: 'sk-test' })).toBeUndefined();
  });

  it('complete() names an endpoint that answers with a web page instead of the API', async () => {
    const html = await startHtmlServer();
    try {
      const judge = plugin.create(plugin.parseSettings({ baseUrl: html.url }));
      const failure = judge.complete!({
        messages: [{ role: 'user', content: 'Judge this.' }],
        env: { ANTHROPIC_API_KEY: 'k' },
      });
      await expect(failure).rejects.toThrow(
        `The endpoint at ${html.url} answered with something that is not a Messages API response (it began "<html>`,
      );
    } finally {
      await html.close();
    }
  });

  it('complete() answers a plain judge call with usage and cost', async () => {
    process.env.SKILL_EVAL_TEST_KEY = 'sk-test';
    try {
      const judge = plugin.create(plugin.parseSettings({ apiKeyEnv: 'SKILL_EVAL_TEST_KEY', baseUrl: server.url }));
      const answer = await judge.complete!({
        system: 'Grade.',
        messages: [{ role: 'user', content: 'Judge this answer.' }],
      });
      expect(answer).toMatchObject({
        text: 'PASS',
        model: 'claude-sonnet-5-5',
        usage: { inputTokens: 5, outputTokens: 1 },
      });
      expect(answer.costUsd).toBeCloseTo((5 * 3 + 1 * 15) / 1e6, 12);
    } finally {
      delete process.env.SKILL_EVAL_TEST_KEY;
    }
  });

  it('reports the SDK version', async () => {
    expect(await engine.version()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
