import type { SessionEvent } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from './agent-loop.js';
import type { AgentTool } from './agent-tool.js';
import type { ModelClient, ModelReply } from './model-client.js';

const usage = { inputTokens: 10, outputTokens: 2, cacheReadTokens: 1, cacheWriteTokens: 0, reasoningTokens: 0 };
const reply = (over: Partial<ModelReply>): ModelReply => ({
  text: '',
  toolCalls: [],
  usage,
  model: 'm',
  stopReason: null,
  ...over,
});
const scripted = (replies: ModelReply[]): ModelClient & { seen: number[] } => {
  const seen: number[] = [];
  return {
    seen,
    call: async (conversation) => {
      seen.push(conversation.length);
      return replies.shift() ?? reply({ text: 'end' });
    },
  };
};
const echo: AgentTool = {
  definition: { name: 'Echo', description: 'echo', inputSchema: { type: 'object' } },
  run: async (input) => ({ output: JSON.stringify(input), isError: false }),
};
/** A Skill-like signal: the input's `skill` field. */
const skillIn = (input: unknown) => {
  const name = (input as { skill?: string }).skill;
  return name ? { name, via: 'tool' as const } : undefined;
};
const base = { tools: [echo], system: 's', turns: ['hi'], maxTurns: 5, timeoutMs: 5_000 };

describe('runAgentLoop', () => {
  it('runs tools, feeds results back and sums usage until a reply has no tool calls', async () => {
    const client = scripted([
      reply({
        toolCalls: [
          { id: '1', name: 'Echo', input: { a: 1 } },
          { id: '2', name: 'Nope', input: {} },
        ],
      }),
      reply({ text: 'done' }),
    ]);
    const result = await runAgentLoop({ ...base, client });
    expect(result).toMatchObject({
      status: 'completed',
      stoppedEarly: false,
      modelCalls: 2,
      finalMessage: 'done',
      usage: { inputTokens: 20, cacheReadTokens: 2 },
    });
    expect(client.seen).toEqual([1, 3]);
    expect(result.events.filter((e) => e.type === 'tool-result')).toEqual([
      { type: 'tool-result', id: '1', output: '{"a":1}', isError: false },
      { type: 'tool-result', id: '2', output: 'Unknown tool: Nope', isError: true },
    ]);
  });

  it('records a skill signal with its call, before the tool runs', async () => {
    const skill: AgentTool = {
      ...echo,
      skillOf: skillIn,
    };
    const client = scripted([reply({ toolCalls: [{ id: '1', name: 'Echo', input: { skill: 'pdf' } }] })]);
    const result = await runAgentLoop({ ...base, tools: [skill], client });
    expect(result.events.slice(1, 4).map((e) => e.type)).toEqual(['tool-call', 'skill', 'tool-result']);
    expect(result.events[2]).toEqual({ type: 'skill', name: 'pdf', via: 'tool' });
  });

  it.each([
    ['the first tool call', (e: SessionEvent) => e.type === 'tool-call', 1, 0, ['message', 'message', 'tool-call']],
    [
      'a tool result',
      (e: SessionEvent) => e.type === 'tool-result',
      1,
      1,
      ['message', 'message', 'tool-call', 'tool-result'],
    ],
    ['the user message', (e: SessionEvent) => e.type === 'message' && e.role === 'user', 0, 0, ['message']],
  ] as const)(
    'stopWhen accepting %s ends the run there, completed, with no further request',
    async (_what, stopWhen, calls, ran, types) => {
      let runs = 0;
      const counted: AgentTool = {
        ...echo,
        run: async (input) => {
          runs++;
          return echo.run(input);
        },
      };
      const client = scripted([
        reply({
          text: 'let me',
          toolCalls: [
            { id: '1', name: 'Echo', input: {} },
            { id: '2', name: 'Echo', input: {} },
          ],
        }),
        reply({ text: 'done' }),
      ]);
      const result = await runAgentLoop({ ...base, tools: [counted], client, turns: ['hi', 'again'], stopWhen });
      expect(result).toMatchObject({ status: 'completed', stoppedEarly: true, modelCalls: calls });
      expect(result.error).toBeUndefined();
      expect(client.seen).toHaveLength(calls);
      expect(runs).toBe(ran);
      expect(result.events.map((e) => e.type)).toEqual(types);
    },
  );

  it('answers a tool input that is not a JSON object (arguments that were not valid JSON) without running the tool', async () => {
    const client = scripted([
      reply({
        toolCalls: [
          { id: '1', name: 'Echo', input: '{"path": "a.txt",, }' },
          { id: '2', name: 'Echo', input: ['a.txt'] },
        ],
      }),
      reply({ text: 'done' }),
    ]);
    const result = await runAgentLoop({ ...base, client });
    // The tool never ran (Echo would have echoed the input back), and the model is told what was wrong.
    expect(result.events.filter((e) => e.type === 'tool-result')).toEqual([
      { type: 'tool-result', id: '1', output: expect.stringContaining('{\\"path\\": \\"a.txt\\",, }'), isError: true },
      { type: 'tool-result', id: '2', output: expect.stringMatching(/JSON object.*an array/), isError: true },
    ]);
    expect(result.events.filter((e) => e.type === 'tool-call').map((e) => e.type === 'tool-call' && e.input)).toEqual([
      '{"path": "a.txt",, }',
      ['a.txt'],
    ]);
  });

  it('does not run the last tool call of a reply cut off at its output token limit, nor record its skill', async () => {
    let runs = 0;
    const counted: AgentTool = {
      ...echo,
      skillOf: skillIn,
      run: async (input) => {
        runs++;
        return echo.run(input);
      },
    };
    const toolCalls = [
      { id: '1', name: 'Echo', input: { a: 1 } },
      { id: '2', name: 'Echo', input: { skill: 'pdf' } },
    ];
    const client = scripted([reply({ toolCalls, outputLimitReached: true }), reply({ text: 'done' })]);
    const result = await runAgentLoop({ ...base, tools: [counted], client });
    expect(runs).toBe(1);
    expect(result.events.filter((e) => e.type === 'skill')).toEqual([]);
    expect(
      result.events.filter((e) => e.type === 'tool-result').map((e) => e.type === 'tool-result' && e.isError),
    ).toEqual([false, true]);
    expect(result.warnings).toEqual([expect.stringContaining('output token limit in the middle of its call to Echo')]);
    expect(result).toMatchObject({ status: 'completed', finalMessage: 'done' });
  });

  it('asks nextTurn after the given turns, with the answer to the last, until it returns null; not after a failed turn', async () => {
    const client = scripted([
      reply({ toolCalls: [{ id: '1', name: 'Echo', input: {} }] }),
      reply({ text: 'Which environment?' }),
      reply({ text: 'Noted staging.' }),
    ]);
    const asked: unknown[] = [];
    const next = [{ text: 'staging', simulated: true }, null];
    const result = await runAgentLoop({
      ...base,
      client,
      nextTurn: async (answer) => {
        asked.push(answer);
        return next.shift() ?? null;
      },
    });
    expect(result.status).toBe('completed');
    expect(asked).toEqual([
      { turn: 0, finalMessage: 'Which environment?' },
      { turn: 1, finalMessage: 'Noted staging.' },
    ]);
    expect(result.events.filter((e) => e.type === 'message' && e.role === 'user')).toEqual([
      { type: 'message', role: 'user', text: 'hi' },
      { type: 'message', role: 'user', text: 'staging', simulated: true },
    ]);
    // The simulated message joined the same conversation: user, tool turn, answer, then the new user message.
    expect(client.seen).toEqual([1, 3, 5]);

    const failing = await runAgentLoop({
      ...base,
      maxTurns: 1,
      client: scripted([reply({ toolCalls: [{ id: '1', name: 'Echo', input: {} }] })]),
      nextTurn: async () => {
        throw new Error('must not be asked after a failed turn');
      },
    });
    expect(failing.status).toBe('max-turns');
  });

  it('records shown reasoning before the reply text', async () => {
    const client = scripted([reply({ reasoning: 'think', text: 'answer' })]);
    const result = await runAgentLoop({ ...base, client });
    expect(result.events.slice(1)).toEqual([
      { type: 'reasoning', text: 'think' },
      { type: 'message', role: 'assistant', text: 'answer' },
    ]);
  });

  it('times out even when the client ignores its signal', async () => {
    const client: ModelClient = { call: () => new Promise(() => {}) };
    const started = Date.now();
    const result = await runAgentLoop({ ...base, client, timeoutMs: 200 });
    expect(result.status).toBe('timeout');
    // The call never answers: anything short of the test's own timeout shows the limit held.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reports an interrupt as INTERRUPTED', async () => {
    const controller = new AbortController();
    const client: ModelClient = {
      call: () => {
        controller.abort();
        return new Promise(() => {});
      },
    };
    const result = await runAgentLoop({ ...base, client, signal: controller.signal });
    expect(result).toMatchObject({ status: 'error', error: { code: 'INTERRUPTED' } });
  });

  it('turns a client failure into an ENGINE_FAILED error', async () => {
    const client: ModelClient = { call: async () => Promise.reject(new Error('boom')) };
    const result = await runAgentLoop({ ...base, client });
    expect(result).toMatchObject({ status: 'error', error: { code: 'ENGINE_FAILED', message: 'boom' } });
    expect(result.events.at(-1)).toEqual({ type: 'error', message: 'boom' });
  });
});
