/**
 * Skillet's grading rules, quoted from its reference (shared/reference/formats.md §2), each checked end to end:
 * an eval file loaded by this format, graded by @skill-eval/grading on a session, gives Skillet's verdict.
 */
import { type SessionInput, SessionSchema } from '@skill-eval/core';
import { gradeExecution } from '@skill-eval/grading';
import { criteriaJudge } from '@skill-eval/testing';
import { describe, expect, it } from 'vitest';
import { loadSkillet } from './load-skillet.js';

const evalFile = (assertions: string) =>
  [
    'timestamp: 2025-01-01T00:00:00Z',
    'name: greets',
    'prompt: Greet the crew',
    'expected: Greets like a pirate',
    assertions,
  ].join('\n');

async function grade(assertions: string, input: Partial<SessionInput> = {}, judgePasses = true) {
  const { suites, diagnostics } = loadSkillet('/evals/greets/greet.yaml', evalFile(assertions), { cwd: '/' });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const { judge, requests } = criteriaJudge(() => judgePasses);
  const session = SessionSchema.parse({
    status: 'completed',
    engineId: 'claude-code',
    finalMessage: 'Ahoy, Matey! Welcome aboard.\n  ',
    ...input,
  });
  const result = await gradeExecution({ testCase: suites[0]!.cases[0]!, session, workspace: '/none', judge });
  return { result, judgeCalls: requests.length };
}

const list = (...items: string[]) => `assertions:\n${items.map((i) => `  - ${i}`).join('\n')}`;
const toolCalls = { toolCalls: [{ id: 't1', name: 'Skill', input: { skill: 'pirate' }, isError: false }] };

describe('Skillet: assertions replace the judge', () => {
  it.each<[string, string, Partial<SessionInput>, 'passed' | 'failed']>([
    ['contains compares lowercased text', list('{type: contains, value: "AHOY, MATEY"}'), {}, 'passed'],
    ['contains fails when absent', list('{type: contains, value: arr}'), {}, 'failed'],
    // Skillet's two negations (thekevinscott/skillet 5762138, eval/judge/run_assertions/check_not_contains.py:5,
    // check_tool_not_called.py:5) are the plain inverse of contains and tool_called: one value, case-folded for text.
    ['not_contains compares lowercased text', list('{type: not_contains, value: WELCOME}'), {}, 'failed'],
    ['not_contains passes when absent', list('{type: not_contains, value: farewell}'), {}, 'passed'],
    ['starts_with compares lowercased text', list('{type: starts_with, value: "ahoy,"}'), {}, 'passed'],
    ['ends_with lowercases and rstrips the response', list('{type: ends_with, value: "ABOARD."}'), {}, 'passed'],
    ['ends_with fails on another ending', list('{type: ends_with, value: "matey!"}'), {}, 'failed'],
    ['regex is a case-sensitive search on the raw response', list('{type: regex, value: "ahoy"}'), {}, 'failed'],
    ['regex searches anywhere', list("{type: regex, value: 'Matey!\\s+W'}"), {}, 'passed'],
    ['regex is Python syntax: \\A is the start', list("{type: regex, value: '\\AAhoy'}"), {}, 'passed'],
    ['regex is Python syntax: \\Z is the very end', list("{type: regex, value: 'aboard\\.\\Z'}"), {}, 'failed'],
    ['regex is Python syntax: inline flags', list("{type: regex, value: '(?i)MATEY'}"), {}, 'passed'],
    ['tool_called matches the exact tool name', list('{type: tool_called, value: Skill}'), toolCalls, 'passed'],
    ['tool_called is exact, not case-folded', list('{type: tool_called, value: skill}'), toolCalls, 'failed'],
    ['tool_not_called', list('{type: tool_not_called, value: Skill}'), toolCalls, 'failed'],
    ['tool_not_called is exact, not case-folded', list('{type: tool_not_called, value: skill}'), toolCalls, 'passed'],
    [
      'AND semantics: one failing assertion fails the eval',
      list('{type: contains, value: ahoy}', '{type: contains, value: treasure}'),
      {},
      'failed',
    ],
  ])('%s', async (_, assertions, input, status) => {
    const { result, judgeCalls } = await grade(assertions, input);
    expect(result.status).toBe(status);
    expect(judgeCalls).toBe(0);
  });
});

describe('Skillet: without assertions the expected rubric goes to the judge', () => {
  it.each<[string, string]>([
    ['no assertions key', ''],
    ['an empty list', 'assertions: []'],
  ])('%s: one judge call on `expected`, pass/fail from it', async (_, assertions) => {
    const pass = await grade(assertions, {}, true);
    expect(pass.judgeCalls).toBe(1);
    expect(pass.result.status).toBe('passed');
    expect(pass.result.checks).toMatchObject([{ type: 'llm-rubric', name: 'expected', passed: true }]);
    const fail = await grade(assertions, {}, false);
    expect(fail.result.status).toBe('failed');
  });
});
