import { type Check, normalizeCheck, type SessionInput, type ToolCall } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

const call = (name: string): ToolCall => ({ id: name, name, input: {}, isError: false });
const usage = { inputTokens: 100, outputTokens: 50, cacheReadTokens: 30, cacheWriteTokens: 20, reasoningTokens: 7 };
// 2 tool calls, 4 agent turns, 150 tokens of input and output (AgentV leaves cache out), $0.0123, 1500 ms.
const measured: Partial<SessionInput> = {
  toolCalls: [call('Read'), call('Edit')],
  turns: 4,
  usage,
  costUsd: 0.0123,
  durationMs: 1500,
};

/** An engine that reported neither usage nor cost. */
const unreported: Partial<SessionInput> = { ...measured, costUsd: undefined, usage: undefined };

const grade = (check: Check, session: Partial<SessionInput> = measured) =>
  runCheck(normalizeCheck(check), 'check', { testCase: makeCase(), session: makeSession(session), workspace: '/x' });

const metrics = (bounds: Record<string, unknown>): Check => ({ type: 'execution_metrics', ...bounds });

describe('execution-metrics', () => {
  it('holds no bound on tokens an engine did not report', async () => {
    const { verdict } = await grade(metrics({ max_tokens: 1000 }), unreported);
    expect(verdict.passed).toBe(false);
    expect(verdict.evidence).toBe('tokens not reported (max 1000)');
  });

  it.each<[Check, boolean, number, string]>([
    [metrics({ max_tool_calls: 2 }), true, 1, 'tool calls 2 (max 2)'],
    [metrics({ max_tool_calls: 1 }), false, 0, 'tool calls 2 (max 1, over)'],
    [metrics({ max_llm_calls: 4 }), true, 1, 'LLM calls 4 (max 4)'],
    [metrics({ max_llm_calls: 3 }), false, 0, 'LLM calls 4 (max 3, over)'],
    [metrics({ max_tokens: 150 }), true, 1, 'tokens 150 (max 150)'],
    [metrics({ max_tokens: 149 }), false, 0, 'tokens 150 (max 149, over)'],
    [metrics({ max_cost_usd: 0.05 }), true, 1, 'cost $0.0123 (max $0.0500)'],
    [metrics({ max_cost_usd: 0.01 }), false, 0, 'cost $0.0123 (max $0.0100, over)'],
    [metrics({ max_duration_ms: 2000 }), true, 1, 'duration 1500 ms (max 2000 ms)'],
    [metrics({ max_duration_ms: '1000' }), false, 0, 'duration 1500 ms (max 1000 ms, over)'],
    [
      metrics({ max_tool_calls: 5, max_llm_calls: 3, max_tokens: 1000, max_cost_usd: 1, max_duration_ms: 1000 }),
      false,
      3 / 5,
      'tool calls 2 (max 5); LLM calls 4 (max 3, over); tokens 150 (max 1000); cost $0.0123 (max $1.0000); duration 1500 ms (max 1000 ms, over)',
    ],
    // What the engine did not report holds no bound, as in AgentV 4.42.4 (chunk-ZPFM52HV.js:22425, 22444).
    [
      metrics({ max_tool_calls: 5, max_cost_usd: 1 }),
      false,
      1 / 2,
      'tool calls 2 (max 5); cost not reported (max $1.0000)',
    ],
    [{ type: 'not-execution-metrics', max_tool_calls: 1 }, true, 1, 'tool calls 2 (max 1, over)'],
  ])('%j → %s', async (check, passed, score, evidence) => {
    const { verdict, error } = await grade(check, evidence.includes('cost not') ? unreported : measured);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.score).toBeCloseTo(score);
    expect(verdict.evidence).toBe(evidence);
  });

  // AgentV 4.42.4's exploration ratio (dist/chunk-FRDEARJA.js:3479-3498, 3642-3660): the calls to its reading and
  // searching tools over all calls, held within exploration_tolerance (default 0.2) of the target.
  it.each<[Record<string, unknown>, string[], boolean, string]>([
    [{ target_exploration_ratio: 0.5 }, ['Read', 'Edit'], true, 'exploration ratio 0.50 (target 0.5 ± 0.2)'],
    [{ target_exploration_ratio: 0.8 }, ['Read', 'Edit'], false, 'exploration ratio 0.50 (target 0.8 ± 0.2, outside)'],
    [
      { target_exploration_ratio: 0.8, exploration_tolerance: 0.35 },
      ['Read', 'Edit'],
      true,
      'exploration ratio 0.50 (target 0.8 ± 0.35)',
    ],
    // Its list names these spellings and no others: Bash is not exploring, nor is "READ".
    [
      { target_exploration_ratio: 0.75 },
      ['grep', 'WebFetch', 'Glob', 'Bash'],
      true,
      'exploration ratio 0.75 (target 0.75 ± 0.2)',
    ],
    [{ target_exploration_ratio: 0 }, ['READ', 'Bash'], true, 'exploration ratio 0.00 (target 0 ± 0.2)'],
    [{ target_exploration_ratio: 0 }, [], false, 'exploration ratio not available (no tool calls)'],
  ])('%j over %j', async (bounds, tools, passed, evidence) => {
    const { verdict, error } = await grade(metrics(bounds), { ...measured, toolCalls: tools.map(call) });
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toBe(evidence);
  });

  it('weighs the exploration ratio as one bound among the others', async () => {
    const { verdict } = await grade(metrics({ max_tool_calls: 1, target_exploration_ratio: 0.5 }));
    expect(verdict.score).toBeCloseTo(1 / 2);
    expect(verdict.evidence).toBe('tool calls 2 (max 1, over); exploration ratio 0.50 (target 0.5 ± 0.2)');
  });

  it.each<[Check, Partial<SessionInput>, string]>([
    [metrics({}), measured, 'sets no bound'],
    [metrics({ max_tool_calls: 'many' }), measured, 'needs a number max_tool_calls'],
  ])('%j is errored', async (check, session, message) => {
    const { verdict, error } = await grade(check, session);
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.code).toBe('BAD_INPUT');
    expect(error?.message).toContain(message);
  });
});
