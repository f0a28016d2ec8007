import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { agentvDate, agentvJson } from './agentv-field-accuracy.js';
import { runCheck } from './run-check.js';

/**
 * An AgentV file's field-accuracy (`agentv: true`, set by the AgentV vocabulary) grades as AgentV 4.42.4's
 * `FieldAccuracyGrader` (@agentv/core dist/chunk-FRDEARJA.js:3758-4115); each case's value is what that code gives
 * (the differential runs the same through AgentV itself).
 */
const grade = (fields: Record<string, unknown>[], answer: string, reference?: string, more: Partial<Check> = {}) =>
  runCheck(normalizeCheck({ type: 'field-accuracy', fields, agentv: true, ...more }), 'check', {
    testCase: makeCase(reference === undefined ? {} : { reference }),
    session: makeSession({ finalMessage: answer }),
    workspace: '/nonexistent',
  });
const exact = (path: string) => ({ path, match: 'exact' });

describe("field-accuracy in an AgentV file, as AgentV's grader reads it", () => {
  it.each<[string, Record<string, unknown>[], string, string | undefined, number]>([
    // parseJsonFromText reads from the first { to the last }: two documents are no JSON, and score 0.
    ['two JSON documents', [exact('a')], '{"a": 1}\n{"b": 2}', '{"a": 1}', 0],
    // A list of objects holds no field "a" (resolvePath on the list): nothing matches.
    ['a list of objects, first { to last } fails', [exact('a')], '[{"a": 1}, {"a": 2}]', '{"a": 1}', 0],
    ['a list of one object is read from its braces', [exact('a')], '[{"a": 1}]', '{"a": 1}', 1],
    // deepEqual: "yes" is not true.
    ['"yes" against a boolean', [exact('ok')], '{"ok": "yes"}', '{"ok": true}', 0],
    // except under "passed": repairSchemaNearBooleanFields reads "yes" as false.
    ['"passed": "yes" is repaired to false', [exact('passed')], '{"passed": "yes"}', '{"passed": false}', 1],
    // parseDate: new Date("2025-02-30") is invalid in V8, and no other pattern reads it.
    ['an invalid date', [{ path: 'd', match: 'date' }], '{"d": "2025-02-30"}', '{"d": "2025-02-28"}', 0],
    ['a date in two spellings', [{ path: 'd', match: 'date' }], '{"d": "15-JAN-2025"}', '{"d": "2025-01-15"}', 1],
    ['a trailing comma is no JSON', [exact('a')], '{"a": 1,}', '{"a": 1}', 0],
    ['no expected value passes the field', [exact('b')], '{"a": 1}', '{"a": 1}', 1],
    ['a reference that is no JSON fails', [exact('a')], '{"a": 1}', 'not json', 0],
    // toNumber: parseFloat reads " 42 " and "42abc".
    ['numeric text', [{ path: 'n', match: 'numeric_tolerance' }], '{"n": "42abc"}', '{"n": 42}', 1],
  ])('%s', async (_name, fields, answer, reference, score) => {
    const { verdict } = await grade(fields, answer, reference);
    expect(verdict.score).toBe(score);
  });

  it('all_or_nothing scores 0 on one miss; no weight at all scores 0', async () => {
    const both = [exact('a'), exact('b')];
    expect((await grade(both, '{"a":1,"b":3}', '{"a":1,"b":2}', { aggregation: 'all_or_nothing' })).verdict.score).toBe(
      0,
    );
    expect((await grade(both, '{"a":1,"b":3}', '{"a":1,"b":2}')).verdict.score).toBe(0.5);
    const weightless = [{ ...exact('a'), weight: 0 }];
    expect((await grade(weightless, '{"a":1}', '{"a":1}')).verdict.score).toBe(0);
  });

  it('reads JSON and dates as AgentV does', () => {
    expect(agentvJson('```json\n{"a": [1]}\n```')).toEqual({ value: { a: [1] } });
    expect(agentvJson('Here: {"a": 1} done')).toEqual({ value: { a: 1 } });
    expect(agentvJson('\ufeff{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(agentvJson('[1, 2]')).toEqual({ value: [1, 2] });
    expect(agentvDate('13/01/2025', ['MM/DD/YYYY'])).toBeNull();
    expect(agentvDate('13/01/2025', [])?.getMonth()).toBe(0);
  });
});
