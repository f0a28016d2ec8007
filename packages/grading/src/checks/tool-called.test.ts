import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';
import { partialMatch } from './tool-called.js';

const session = makeSession({
  toolCalls: [
    { id: '1', name: 'ToolSearch', input: { query: 'select:mcp__pm__create_plan' }, isError: false },
    {
      id: '2',
      name: 'pm::create_plan',
      input: { name: 'Q1 release', date: '2026-04-03', count: 3, meta: { owner: 'ana', tags: ['a', 'b'] } },
      output: '{"id":999}',
      isError: false,
    },
    { id: '3', name: 'mcp__legacy__lookup', input: { q: 'x' }, isError: false },
    { id: '4', name: 'pm::create_plan', input: { name: 'Q2 release' }, isError: false },
  ],
});

const grade = (check: Check) =>
  runCheck(normalizeCheck(check), 'check', { testCase: makeCase(), session, workspace: '/nonexistent' });

describe('tool-called / tool-not-called', () => {
  it.each<[Check, boolean, string]>([
    [{ type: 'tool-called', value: 'pm::create_plan' }, true, 'called 2 times'],
    [{ type: 'tool-called', value: 'ToolSearch' }, true, 'called once'],
    [{ type: 'tool-called', value: 'pm::delete_plan' }, false, 'tools called: ToolSearch, pm::create_plan'],
    [{ type: 'tool-called', value: 'create_plan' }, false, 'not called'],
    [{ type: 'tool-called', value: 'legacy::lookup' }, true, 'called once'], // raw Claude Code name
    [{ type: 'tool-called', value: 'pm::create_plan', args: { name: 'Q1 release' } }, true, '"Q1 release"'],
    [{ type: 'tool-called', value: 'pm::create_plan', args: { name: 'Q2 release' } }, true, '"Q2 release"'],
    [{ type: 'tool-called', value: 'pm::create_plan', args: { name: 'Q3 release' } }, false, 'never with'],
    [{ type: 'tool-called', value: 'pm::create_plan', args: { count: '3' } }, true, 'called with'], // as text
    [{ type: 'tool-called', value: 'pm::create_plan', args: { meta: { owner: 'ana' } } }, true, 'called with'],
    [{ type: 'tool-called', value: 'pm::create_plan', args: { meta: { owner: 'bob' } } }, false, 'never with'],
    [{ type: 'tool-called', value: 'pm::create_plan', args: { name: 'Q1 release', missing: 'x' } }, false, 'never'],
    [{ type: 'tool-not-called', value: 'pm::delete_plan' }, true, 'not called'],
    [{ type: 'tool-not-called', value: 'pm::create_plan' }, false, 'called 2 times'],
    [{ type: 'tool-not-called', value: 'pm::create_plan', args: { name: 'Q9' } }, true, 'never with'],
    [{ type: 'not-tool-called', value: 'pm::create_plan' }, false, 'called 2 times'],
    [{ type: 'tool_called', value: 'pm::create_plan', negate: true }, false, 'called 2 times'],
  ])('%j → %s', async (check, passed, evidence) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it.each<[Check, string]>([
    [{ type: 'tool-called' }, 'needs a string value'],
    [{ type: 'tool-called', value: 'pm::create_plan', args: ['x'] }, 'args that are not an object'],
    [{ type: 'tool-not-called', value: { a: 1 } }, 'needs a string value'],
  ])('%j is errored', async (check, message) => {
    const { verdict, error } = await grade(check);
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.message).toContain(message);
  });
});

// Claude Code's tool_used (2.1.330 binary, `function Lm`): the calls of the tool whose input, as JSON text, the
// pattern finds, counted between min (default 1) and max (default no limit).
describe('tool-called counting matching calls', () => {
  it.each<[Check, boolean, string]>([
    [{ type: 'tool-called', value: 'pm::create_plan', min: 2 }, true, 'called 2 times (expected 2 to any number)'],
    [{ type: 'tool-called', value: 'pm::create_plan', min: 3 }, false, 'called 2 times (expected 3'],
    [{ type: 'tool-called', value: 'pm::create_plan', max: 1 }, false, 'called 2 times (expected 1 to 1)'],
    [{ type: 'tool-called', value: 'pm::create_plan', min: 0, max: 0 }, false, 'expected 0 to 0'],
    [{ type: 'tool-called', value: 'pm::delete_plan', min: 0, max: 0 }, true, 'called 0 times'],
    // As JSON.stringify writes it: no space after a colon, keys in the order the call gave them.
    [{ type: 'tool-called', value: 'pm::create_plan', inputMatches: '"name":"Q1' }, true, 'called once'],
    [{ type: 'tool-called', value: 'pm::create_plan', inputMatches: '"name": "Q1' }, false, 'called 0 times'],
    [{ type: 'tool-called', value: 'pm::create_plan', inputMatches: 'release"', min: 2 }, true, 'called 2 times'],
    [{ type: 'tool-called', value: 'pm::create_plan', inputMatches: '"owner":"ana"', max: 0 }, false, 'once'],
    [{ type: 'tool-called', value: 'pm::create_plan', args: { name: 'Q2 release' }, min: 1, max: 1 }, true, 'once'],
    [{ type: 'tool-not-called', value: 'pm::create_plan', inputMatches: 'Q9' }, true, 'called 0 times'],
  ])('%j → %s', async (check, passed, evidence) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it('stops a pattern that backtracks without end at its limit, naming the check', async () => {
    const long = makeSession({
      toolCalls: [{ id: '1', name: 'Write', input: { content: `${'a'.repeat(40)}!` }, isError: false }],
    });
    const check = normalizeCheck({ type: 'tool-called', value: 'Write', inputMatches: '"(a|a)*\\1"' });
    const { verdict, error } = await runCheck(check, 'check', {
      testCase: makeCase(),
      session: long,
      workspace: '/nonexistent',
    });
    expect(verdict.errored).toBe(true);
    expect(error?.code).toBe('TIMEOUT');
  }, 20_000);
});

describe('partialMatch', () => {
  it.each<[unknown, unknown, boolean]>([
    [{ a: 1, b: 2 }, { a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1 }, { a: '1' }, true],
    [{ a: true }, { a: 'true' }, true],
    [{ a: [1, 2] }, { a: [1, 2] }, true],
    [{ a: [1, 2] }, { a: [1] }, false],
    [{ a: { b: { c: 'x', d: 1 } } }, { a: { b: { c: 'x' } } }, true],
    [{ a: { b: 'x' } }, { a: 'x' }, false],
    [{ a: null }, { a: null }, true],
    [{}, { a: null }, false],
    ['text', { a: 1 }, false],
  ])('%j ⊇ %j → %s', (actual, expected, result) => {
    expect(partialMatch(actual, expected)).toBe(result);
  });
});
