import type { CaseInput, Check, SessionInput } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { gradeExecution } from './index.js';
import { answerBy, makeCase, makeSession, scriptedJudge } from './test-support/fixtures.js';

const grade = (testCase: Partial<CaseInput>, session: Partial<SessionInput> = {}, judge = scriptedJudge([]).judge) =>
  gradeExecution({ testCase: makeCase(testCase), session: makeSession(session), workspace: '/nonexistent', judge });

describe('gradeExecution: engine failures', () => {
  it.each<[Partial<SessionInput>, string]>([
    [{ status: 'timeout' }, 'TIMEOUT'],
    [{ status: 'max-turns' }, 'MAX_TURNS'],
    [{ status: 'error' }, 'ENGINE_FAILED'],
    [{ status: 'error', error: { code: 'ENGINE_NOT_FOUND', message: 'claude not installed' } }, 'ENGINE_NOT_FOUND'],
  ])('%j → error %s, no checks run', async (session, code) => {
    const { judge, requests } = scriptedJudge([answerBy(() => true)]);
    const result = await grade(
      {
        checks: [
          { type: 'contains', value: 'Rain' },
          { type: 'llm-rubric', value: 'ok' },
        ],
      },
      session,
      judge,
    );
    expect(result).toMatchObject({ status: 'error', score: 0, checks: [], error: { code } });
    expect(requests).toHaveLength(0);
  });
});

describe('gradeExecution: scoring', () => {
  const pass: Check = { type: 'contains', value: 'Rain' };
  const fail: Check = { type: 'contains', value: 'snow' };
  it.each<[string, Partial<CaseInput>, 'passed' | 'failed', number]>([
    ['all pass', { checks: [pass, pass] }, 'passed', 1],
    ['default threshold needs every check', { checks: [pass, fail] }, 'failed', 0.5],
    ['threshold reached', { checks: [pass, fail], threshold: 0.5 }, 'passed', 0.5],
    [
      'weights',
      {
        checks: [
          { ...pass, weight: 1 },
          { ...fail, weight: 3 },
        ],
        threshold: 0.5,
      },
      'failed',
      0.25,
    ],
    [
      'required failure',
      {
        checks: [
          { ...pass, weight: 9 },
          { ...fail, required: true },
        ],
        threshold: 0.5,
      },
      'failed',
      0.9,
    ],
    ['fail-if holds', { checks: [pass], failIf: [{ type: 'icontains', value: 'ROOF' }] }, 'failed', 1],
    ['fail-if does not hold', { checks: [pass], failIf: [{ type: 'contains', value: 'error' }] }, 'passed', 1],
    ['gates only', { gates: [pass] }, 'passed', 1],
  ])('%s', async (_, testCase, status, score) => {
    const result = await grade(testCase);
    expect(result.status).toBe(status);
    expect(result.score).toBeCloseTo(score, 9);
  });

  it('names fail-if verdicts and keeps them out of the score', async () => {
    const result = await grade({ checks: [pass], failIf: [{ type: 'contains', value: 'roof' }] });
    expect(result.checks[1]).toMatchObject({
      name: 'fail if: contains: roof',
      passed: false,
      weight: 0,
      required: true,
    });
  });
});

describe('gradeExecution: gates', () => {
  it('a failing gate fails the case and skips the other checks and the judge', async () => {
    const { judge, requests } = scriptedJudge([answerBy(() => true)]);
    const result = await grade(
      {
        gates: [{ type: 'contains', value: 'snow' }],
        checks: [
          { type: 'contains', value: 'Rain' },
          { type: 'llm-rubric', value: 'good' },
        ],
      },
      {},
      judge,
    );
    expect(result.status).toBe('failed');
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0]).toMatchObject({ gate: true, passed: false });
    expect(requests).toHaveLength(0);
    expect(result.judge).toBeUndefined();
  });

  it('passing gates let the checks and the judge run', async () => {
    const { judge, requests } = scriptedJudge([answerBy(() => true)]);
    const result = await grade(
      { gates: [{ type: 'contains', value: 'Rain' }], checks: [{ type: 'llm-rubric', value: 'good' }] },
      {},
      judge,
    );
    expect(result.status).toBe('passed');
    expect(result.checks.map((c) => c.gate)).toEqual([true, false]);
    expect(requests).toHaveLength(1);
  });

  it('an llm-rubric gate is an error, not a silent pass', async () => {
    const result = await grade({
      gates: [{ type: 'llm-rubric', value: 'good' }],
      checks: [{ type: 'contains', value: 'Rain' }],
    });
    expect(result.status).toBe('error');
    expect(result.error?.message).toContain('cannot be a gate');
  });
});

describe('gradeExecution: trigger cases without checks', () => {
  const skills = [{ name: 'pdf', dir: '/skills/pdf' }];
  it.each<[boolean | undefined, SessionInput['skillsInvoked'], 'passed' | 'failed']>([
    [true, [{ name: 'pdf', via: 'tool' }], 'passed'],
    [undefined, [{ name: 'pdf', via: 'file-read' }], 'passed'],
    [true, [], 'failed'],
    [true, [{ name: 'pdf', via: 'mention' }], 'failed'],
    [false, [{ name: 'pdf', via: 'tool' }], 'failed'],
    [false, [{ name: 'other', via: 'tool' }], 'passed'],
    [false, [{ name: 'pdf', via: 'mention' }], 'passed'],
  ])('shouldTrigger %s, invoked %j → %s', async (shouldTrigger, skillsInvoked, status) => {
    const result = await grade({ kind: 'trigger', skills, shouldTrigger }, { skillsInvoked });
    expect(result.status).toBe(status);
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0]).toMatchObject({
      type: 'skill-used',
      name: `${shouldTrigger === false ? 'not-' : ''}skill-used: pdf`,
    });
  });

  it('a trigger case with its own checks gets no implicit check', async () => {
    const result = await grade({ kind: 'trigger', skills, checks: [{ type: 'contains', value: 'Rain' }] });
    expect(result.checks.map((c) => c.type)).toEqual(['contains']);
  });

  it('a trigger case without a skill is an error', async () => {
    const result = await grade({ kind: 'trigger', shouldTrigger: true });
    expect(result).toMatchObject({ status: 'error', error: { code: 'BAD_INPUT' } });
  });
});

describe('gradeExecution: nothing silently passes', () => {
  it('a task case with nothing to grade is an error', async () => {
    const result = await grade({});
    expect(result).toMatchObject({ status: 'error', error: { code: 'BAD_INPUT' } });
    expect(result.error?.message).toContain('nothing to grade');
  });

  it('an unknown check type makes the case error even when the rest pass', async () => {
    const result = await grade({ checks: [{ type: 'contains', value: 'Rain' }, { type: 'no-such-check' }] });
    expect(result).toMatchObject({
      status: 'error',
      error: { code: 'BAD_INPUT', message: 'unknown check type no-such-check' },
    });
    expect(result.checks[1]).toMatchObject({ errored: true, passed: false });
  });

  it('llm-rubric checks without a judge are an error', async () => {
    const result = await gradeExecution({
      testCase: makeCase({
        checks: [
          { type: 'contains', value: 'Rain' },
          { type: 'llm-rubric', value: 'good' },
        ],
      }),
      session: makeSession(),
      workspace: '/nonexistent',
    });
    expect(result).toMatchObject({
      status: 'error',
      error: { code: 'JUDGE_FAILED', message: 'no judge configured; pass --judge' },
    });
    expect(result.judge).toBeUndefined();
  });
});
