import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

// Claude Code's tool_order (2.1.330 binary, `function Dm`): the first call of `before` (matching its input pattern,
// if any) comes before the first call of `after`; either never called fails.
const session = makeSession({
  toolCalls: [
    { id: '1', name: 'Read', input: { file_path: 'notes.md' }, isError: false },
    { id: '2', name: 'Skill', input: { skill: 'map' }, isError: false },
    { id: '3', name: 'Write', input: { file_path: 'out.md' }, isError: false },
    { id: '4', name: 'Read', input: { file_path: 'SKILL.md' }, isError: false },
  ],
});
const grade = (check: Check) =>
  runCheck(normalizeCheck(check), 'check', { testCase: makeCase(), session, workspace: '/nonexistent' });

describe('tool-order', () => {
  it.each<[Check, boolean, string]>([
    [{ type: 'tool-order', before: 'Skill', after: 'Write' }, true, 'Skill (call 2) precedes Write (call 3)'],
    [{ type: 'tool-order', before: 'Write', after: 'Skill' }, false, 'does not precede'],
    // The first Read (call 1) decides, not a later one: the order of first calls, not a subsequence.
    [{ type: 'tool-order', before: 'Write', after: 'Read' }, false, 'Write (call 3) does not precede Read (call 1)'],
    [
      { type: 'tool-order', before: 'Write', after: { tool: 'Read', inputMatches: 'SKILL' } },
      true,
      'Write (call 3) precedes Read (call 4)',
    ],
    [
      { type: 'tool-order', before: { tool: 'Skill', inputMatches: '"skill":"map"' }, after: 'Write' },
      true,
      'precedes',
    ],
    [{ type: 'tool-order', before: { tool: 'Skill', inputMatches: 'other' }, after: 'Write' }, false, 'never called'],
    [{ type: 'tool-order', before: 'Bash', after: 'Write' }, false, '"before" tool Bash was never called'],
    [{ type: 'tool-order', before: 'Read', after: 'Bash' }, false, '"after" tool Bash was never called'],
  ])('%j → %s', async (check, passed, evidence) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });
});
