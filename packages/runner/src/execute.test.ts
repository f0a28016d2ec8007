import { type CaseInput, resultWarnings, type SessionInput } from '@skill-eval/core';
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

describe("executeOne: a case that restricts its agent's tools", () => {
  const restricted = () =>
    makeCase({ id: 'tools', tools: { allowed: ['Read', 'Skill'], disallowed: ['Bash'] }, checks: [] });

  it('hands them to an engine that can restrict tools, without a warning', async () => {
    const { result, stats } = await runOne(dir, restricted(), { tools: true });
    expect(stats.inputs[0]!.tools).toEqual({ allowed: ['Read', 'Skill'], disallowed: ['Bash'] });
    expect(
      resultWarnings(result)
        .map((w) => w.message)
        .join('\n'),
    ).not.toContain('restrict');
  });

  it('runs on an engine that cannot with all its tools, and a warning names the engine and what was not applied', async () => {
    const { result, stats } = await runOne(dir, restricted());
    expect(stats.inputs[0]!.tools).toBeUndefined();
    expect(resultWarnings(result)).toContainEqual({
      kind: 'engine',
      message:
        "Engine fake cannot restrict an agent's tools, so its agent ran with all of them, where the case gives its agent only Read, Skill and keeps Bash from it. Run the case on claude-code to apply the restriction.",
    });
  });

  it('says nothing of a case without a restriction', async () => {
    const { result } = await runOne(dir, makeCase({ id: 'free', checks: [] }));
    expect(
      resultWarnings(result)
        .map((w) => w.message)
        .join('\n'),
    ).not.toContain('restrict');
  });
});
