import type { CaseInput, SessionInput } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { completed } from './test-support/fake-engine.js';
import { makeCase, useTempDir } from './test-support/fixtures.js';
import { runOne } from './test-support/run-one.js';

let dir = '';
useTempDir('execute-', (made) => {
  dir = made;
});

const silent =
  (session: Partial<SessionInput> = {}) =>
  async () => ({ ...completed(''), events: [], ...session });

describe('executeOne: an agent that gave no answer', () => {
  it.each<[string, Partial<CaseInput>]>([
    ['a negated check', { checks: [{ type: 'contains', value: 'password', negate: true }] }],
    ['a should-not-trigger query', { kind: 'trigger', shouldTrigger: false, skills: [{ name: 'pdf', dir: '/none' }] }],
    ['a rubric, with no judge to grade it', { checks: [{ type: 'llm-rubric', value: 'declines politely' }] }],
  ])('fails %s without grading it, and records no trigger', async (_, fields) => {
    const { result } = await runOne(dir, makeCase({ id: 'quiet', ...fields }), {
      script: silent({ finalMessage: ' \n' }),
    });
    expect(result).toMatchObject({
      status: 'failed',
      score: 0,
      checks: [{ type: 'answer', passed: false, gate: true, evidence: expect.stringContaining('gave no answer') }],
    });
    expect(result.triggered).toBeUndefined();
  });

  it('is not a first-tool trigger run the harness stopped at its first tool call', async () => {
    const testCase = makeCase({
      id: 'stopped',
      kind: 'trigger',
      triggerDetection: 'first-tool',
      skills: [{ name: 'pdf', dir: '/none' }],
    });
    const { result } = await runOne(dir, testCase, { script: silent({ stoppedEarly: true }) });
    expect(result.checks.map((c) => c.type)).toEqual(['skill-used']);
  });
});
