import { type Check, normalizeCheck, type SessionInput } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

const usage = { inputTokens: 100, outputTokens: 50, cacheReadTokens: 30, cacheWriteTokens: 20, reasoningTokens: 7 };
const measured: Partial<SessionInput> = { exitCode: 0, durationMs: 1500, costUsd: 0.0123, usage };

const grade = (check: Check, session: Partial<SessionInput> = measured) =>
  runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase(),
    session: makeSession(session),
    workspace: '/nonexistent',
  });

describe('exit-code, latency, cost, token-usage', () => {
  it.each<[Check, boolean, string]>([
    [{ type: 'exit-code', value: 0 }, true, 'exit code 0 (expected 0)'],
    [{ type: 'exit-code', value: '0' }, true, 'exit code 0'],
    [{ type: 'exit-code', value: 1 }, false, 'exit code 0 (expected 1)'],
    [{ type: 'not-exit-code', value: 1 }, true, 'exit code 0'],
    [{ type: 'latency', max: 2000 }, true, 'took 1500 ms (max 2000 ms)'],
    [{ type: 'latency', max: 1500 }, true, 'took 1500 ms'],
    [{ type: 'latency', max: 1000 }, false, 'took 1500 ms (max 1000 ms)'],
    [{ type: 'latency', max: 1000, negate: true }, true, 'took 1500 ms'],
    [{ type: 'cost', max: 0.05 }, true, 'cost $0.0123 (max $0.05)'],
    [{ type: 'cost', max: 0.01 }, false, 'cost $0.0123'],
    [{ type: 'not-cost', max: 0.01 }, true, 'cost $0.0123'],
    [{ type: 'token-usage', max: 200 }, true, 'used 200 tokens (max 200)'],
    [{ type: 'token-usage', max: 199 }, false, 'used 200 tokens'],
    [{ type: 'not-token-usage', max: 199 }, true, 'used 200 tokens'],
  ])('%j → %s', async (check, passed, evidence) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it("fails cost without cost data where the file is AgentV's (failUnreported), as AgentV's cost grader does", async () => {
    const { verdict, error } = await grade({ type: 'cost', max: 1, failUnreported: true }, {});
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(false);
    expect(verdict.evidence).toBe('the engine reported no cost (max $1)');
  });

  it('an engine without an exit code fails exit-code', async () => {
    const { verdict, error } = await grade({ type: 'exit-code', value: 0 }, { exitCode: null });
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(false);
    expect(verdict.evidence).toContain('no exit code');
  });

  it.each<[Check, Partial<SessionInput>, string]>([
    [{ type: 'cost', max: 1 }, {}, 'the engine reported no cost'],
    [{ type: 'not-cost', max: 1 }, {}, 'the engine reported no cost'],
    [{ type: 'cost' }, measured, 'needs a number max'],
    [{ type: 'latency', max: 'soon' }, measured, 'needs a number max'],
    [{ type: 'token-usage', value: 10 }, measured, 'needs a number max'],
    [{ type: 'exit-code' }, measured, 'needs a number value'],
  ])('%j is errored', async (check, session, message) => {
    const { verdict, error } = await grade(check, session);
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.code).toBe('BAD_INPUT');
    expect(error?.message).toContain(message);
  });
});
