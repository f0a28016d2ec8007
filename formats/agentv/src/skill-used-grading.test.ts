/**
 * AgentV grades a `skill-used` list as one assertion (EntityProcess/agentv, graders/skill-used.ts): every named skill
 * fired, or with not-skill-used none did, scoring 1 or 0. Loaded by this format and graded by @skill-eval/grading,
 * the list must weigh as one assertion in the test's threshold score.
 */
import { SessionSchema } from '@skill-eval/core';
import { gradeExecution } from '@skill-eval/grading';
import { criteriaJudge } from '@skill-eval/testing';
import { describe, expect, it } from 'vitest';
import { loadAgentv } from './load-agentv.js';

const FILE = '/nonexistent-skill-eval-test/a.eval.yaml';

async function grade(assertion: string, fired: string[]) {
  const text = [
    'prompts: ["{{ input }}"]',
    'tests:',
    '  - vars: {input: go}',
    '    threshold: 0.5',
    '    assert:',
    `      - ${assertion}`,
    '      - {type: contains, value: done}',
  ].join('\n');
  const { suites, diagnostics } = loadAgentv(FILE, text);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const session = SessionSchema.parse({
    status: 'completed',
    engineId: 'claude-code',
    exitCode: 0,
    finalMessage: 'done',
    skillsInvoked: fired.map((name) => ({ name, via: 'tool' })),
  });
  const { judge } = criteriaJudge(() => true);
  return gradeExecution({ testCase: suites[0]!.cases[0]!, session, workspace: '/none', judge });
}

describe('AgentV skill-used with a list of skills: one assertion', () => {
  it.each<[string, string, string[], 'passed' | 'failed', number]>([
    [
      'neither fired: the list scores 0 once, contains 1 (0.5 passes)',
      '{type: skill-used, value: [a, b]}',
      [],
      'passed',
      0.5,
    ],
    ['one of two fired: still 0, not a share', '{type: skill-used, value: [a, b]}', ['a'], 'passed', 0.5],
    ['both fired', '{type: skill-used, value: [a, b]}', ['a', 'b'], 'passed', 1],
    ['not-skill-used: none fired passes', '{type: not-skill-used, value: [a, b]}', [], 'passed', 1],
    ['not-skill-used: one fired fails the whole list', '{type: not-skill-used, value: [a, b]}', ['b'], 'passed', 0.5],
  ])('%s', async (_, assertion, fired, status, score) => {
    const result = await grade(assertion, fired);
    expect(result.score).toBeCloseTo(score, 9);
    expect(result.status).toBe(status);
  });

  it('the list is one check, not one per skill', async () => {
    const result = await grade('{type: skill-used, value: [a, b, c]}', []);
    expect(result.checks).toHaveLength(2);
  });
});
