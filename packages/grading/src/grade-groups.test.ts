import { type CaseInput, type Check, summarizeEvents } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { gradeExecution } from './index.js';
import { answerBy, makeCase, makeSession, scriptedJudge } from './test-support/fixtures.js';

// The session's final message is "Rain falls on the roof".
const pass: Check = { type: 'contains', value: 'Rain' };
const pass2: Check = { type: 'icontains', value: 'ROOF' };
const fail: Check = { type: 'contains', value: 'snow' };
const set = (checks: Check[], extra: Partial<Check> = {}): Check => ({ type: 'assert-set', checks, ...extra });

function grade(
  testCase: Partial<CaseInput>,
  script: Parameters<typeof scriptedJudge>[0] = [answerBy((c) => c.includes('PASS'))],
) {
  const { judge, requests } = scriptedJudge(script);
  const result = gradeExecution({ testCase: makeCase(testCase), session: makeSession(), workspace: '/none', judge });
  return { result, requests };
}

describe('gradeExecution: groups (assert-set)', () => {
  it.each<[string, Partial<CaseInput>, 'passed' | 'failed', number, string]>([
    ['every child passes', { checks: [set([pass, pass2])] }, 'passed', 1, '2 of 2 passed (score 1, all must pass)'],
    ['without a threshold every child must pass', { checks: [set([pass, fail])] }, 'failed', 0.5, '1 of 2 passed'],
    ['threshold reached', { checks: [set([pass, fail], { threshold: 0.5 })] }, 'passed', 0.5, 'threshold 0.5'],
    [
      'threshold missed',
      { checks: [set([pass, fail, fail], { threshold: 0.5 })] },
      'failed',
      1 / 3,
      '1 of 3 passed (score 0.33, threshold 0.5)',
    ],
    [
      'children weights',
      { checks: [set([{ ...pass, weight: 3 }, fail], { threshold: 0.7 })] },
      'passed',
      0.75,
      'score 0.75',
    ],
    [
      'a required child fails the group whatever its score',
      {
        checks: [
          set(
            [
              { ...pass, weight: 9 },
              { ...fail, required: true },
            ],
            { threshold: 0.5 },
          ),
        ],
      },
      'failed',
      0.9,
      '1 of 2 passed',
    ],
    ['negated group', { checks: [set([fail, fail], { negate: true })] }, 'passed', 1, '0 of 2 passed'],
    [
      'a group carries its weight in the case score',
      { checks: [pass, set([fail], { weight: 3 })], threshold: 0.2 },
      'passed',
      0.25,
      '0 of 1 passed',
    ],
    [
      'a failed required group fails the case',
      { checks: [{ ...pass, weight: 9 }, set([fail], { required: true })], threshold: 0.5 },
      'failed',
      0.9,
      '0 of 1 passed',
    ],
    [
      'groups nest; a passing group still scores its share',
      { checks: [set([set([fail, pass], { threshold: 0.5 }), pass])] },
      'passed',
      0.75,
      '2 of 2 passed (score 0.75',
    ],
    // AgentV's composite (`CompositeGrader.runWeightedAverage`, @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:2301-2356).
    [
      "AgentV's weighted mean ignores a member's required",
      {
        checks: [
          set(
            [
              { ...pass, weight: 9 },
              { ...fail, required: true },
            ],
            { scoring: 'weighted-mean', threshold: 0.8 },
          ),
        ],
      },
      'passed',
      0.9,
      '1 of 2 passed',
    ],
    [
      "AgentV's weighted mean of members that weigh nothing is 0",
      { checks: [set([{ ...pass, weight: 0 }], { scoring: 'weighted-mean', threshold: 0.8, negate: true })] },
      'passed',
      1,
      '1 of 1 passed (score 0',
    ],
  ])('%s', async (_, testCase, status, score, evidence) => {
    const { result } = grade(testCase);
    const grade_ = await result;
    expect(grade_.status).toBe(status);
    expect(grade_.score).toBeCloseTo(score, 9);
    const group = grade_.checks.find((c) => c.type === 'assert-set')!;
    expect(group.evidence).toContain(evidence);
    expect(group.checks?.length).toBeGreaterThan(0);
  });

  it('keeps each child verdict with its evidence under the group', async () => {
    const grade_ = await grade({ checks: [set([pass, fail], { name: 'mentions weather' })] }).result;
    expect(grade_.checks[0]).toMatchObject({ name: 'mentions weather', passed: false });
    expect(grade_.checks[0]!.checks).toMatchObject([
      { type: 'contains', passed: true, evidence: expect.stringContaining('Rain') },
      { type: 'contains', passed: false },
    ]);
  });

  it('grades rubric criteria inside groups in the one judge call', async () => {
    const { result, requests } = grade({
      checks: [
        { type: 'llm-rubric', value: 'top PASS' },
        set(
          [
            { type: 'llm-rubric', value: 'inner PASS' },
            { type: 'llm-rubric', value: 'inner FAIL' },
          ],
          {
            threshold: 0.5,
          },
        ),
      ],
    });
    const grade_ = await result;
    expect(requests).toHaveLength(1);
    expect(grade_.status).toBe('passed');
    expect(grade_.checks[1]!.checks!.map((c) => [c.name, c.passed])).toEqual([
      ['inner PASS', true],
      ['inner FAIL', false],
    ]);
    expect(grade_.judge?.engine).toBe('fake-judge');
  });

  it('a fail-if group matches only when all of it holds (a skill-up failure rule)', async () => {
    const both = await grade({ checks: [pass], failIf: [set([pass, pass2], { threshold: 1 })] }).result;
    const one = await grade({ checks: [pass], failIf: [set([pass, fail], { threshold: 1 })] }).result;
    expect(both.status).toBe('failed');
    expect(both.checks[1]).toMatchObject({ name: 'fail if: assert-set', passed: false, required: true });
    expect(one.status).toBe('passed');
  });

  it.each<[string, Partial<CaseInput>, string]>([
    ['an empty group', { checks: [set([])] }, 'non-empty list of checks'],
    ['a group without checks', { checks: [{ type: 'assert-set' }] }, 'non-empty list of checks'],
    ['a rubric inside a gate group', { gates: [set([{ type: 'llm-rubric', value: 'x' }])] }, 'cannot be a gate'],
    ['an errored child', { checks: [set([pass, { type: 'contains' }])] }, 'contains'],
  ])('%s is an error, never a pass', async (_, testCase, message) => {
    const grade_ = await grade(testCase).result;
    expect(grade_.status).toBe('error');
    expect(grade_.error?.message).toContain(message);
  });

  it('a judge failure inside a group is an error', async () => {
    const grade_ = await grade({ checks: [set([pass, { type: 'llm-rubric', value: 'x' }])] }, ['nope', 'nope']).result;
    expect(grade_.status).toBe('error');
    expect(grade_.error?.code).toBe('JUDGE_FAILED');
  });
});

describe('gradeExecution: promptfoo and AgentV names grade as their skill-eval checks', () => {
  it.each<[string, Check, 'passed' | 'failed']>([
    [
      'composite → assert-set',
      { type: 'composite', assertions: [pass, fail], aggregator: { type: 'threshold', threshold: 0.5 } },
      'passed',
    ],
    [
      'composite weighted_average passes at AgentV’s 0.8',
      { type: 'composite', assertions: [pass, fail], aggregator: { type: 'weighted_average' } },
      'failed',
    ],
    ['promptfoo assert-set children under assert', { type: 'assert-set', assert: [pass, fail] }, 'failed'],
    ['trajectory:tool-used on a session without calls', { type: 'trajectory:tool-used', value: 'Write' }, 'failed'],
    ['not-trajectory:tool-used', { type: 'not-trajectory:tool-used', value: 'Write' }, 'passed'],
  ])('%s', async (_, check, status) => {
    expect((await grade({ checks: [check] }).result).status).toBe(status);
  });

  // A list forbids each of its tools, as promptfoo's handleTrajectoryToolUsed reads `inverse` over a list: one of
  // them used fails it (it is not "not all of them used").
  it.each<[string, string[], 'passed' | 'failed']>([
    ['neither tool used', ['Grep'], 'passed'],
    ['one of the two used', ['Read', 'Grep'], 'failed'],
    ['both used', ['Read', 'Write'], 'failed'],
  ])('not-trajectory:tool-used over a list, %s', async (_, used, status) => {
    const events = used.map((name, i) => ({ type: 'tool-call' as const, id: String(i), name, input: {} }));
    const session = makeSession({ events, ...summarizeEvents(events) });
    const testCase = makeCase({ checks: [{ type: 'not-trajectory:tool-used', value: ['Read', 'Write'] }] });
    const { judge } = scriptedJudge([]);
    expect((await gradeExecution({ testCase, session, workspace: '/none', judge })).status).toBe(status);
  });

  it('a model-graded alias goes to the judge with its own criterion', async () => {
    const { result, requests } = grade({ checks: [{ type: 'factuality', value: 'Rain falls PASS' }] });
    expect((await result).status).toBe('passed');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.messages[0]!.content).toContain('Rain falls PASS');
  });
});
