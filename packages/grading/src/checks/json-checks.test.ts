import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { embeddedJson } from './contains-json.js';
import { runCheck } from './run-check.js';

const grade = (check: Check, finalMessage: string) =>
  runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase(),
    session: makeSession({ finalMessage }),
    workspace: '/nonexistent',
  });

const schema = {
  type: 'object',
  properties: { name: { type: 'string' }, count: { type: 'number' } },
  required: ['name'],
};

describe('is-json / contains-json', () => {
  it.each<[Check, string, boolean, string]>([
    [{ type: 'is-json' }, '  {"a": [1, 2]}\n', true, 'final answer is JSON'],
    [{ type: 'is-json' }, '[1, "x", null]', true, 'final answer is JSON'],
    [{ type: 'is-json' }, 'Here: {"a": 1}', false, 'not JSON'],
    [{ type: 'not-is-json' }, 'plain words', true, 'not JSON'],
    [{ type: 'is-json', negate: true }, '{"a":1}', false, 'is JSON'],
    [{ type: 'is-json', schema }, '{"name": "x", "count": 2}', true, 'matching the schema'],
    [{ type: 'is-json', schema }, '{"count": 2}', false, 'not the schema'],
    [{ type: 'is-json', schema }, '{"name": 3}', false, 'at name'],
    [{ type: 'contains-json' }, 'Result:\n```json\n{"ok": true, "list": [1]}\n```\nDone.', true, '{\\"ok\\": true'],
    [{ type: 'contains-json' }, 'see [the docs] then [1,2]', true, 'found JSON'],
    [{ type: 'contains-json' }, 'a {"brace": "}"} inside a string', true, 'found JSON'],
    [{ type: 'contains-json' }, 'no json {here} at all', false, 'no JSON object or array'],
    [{ type: 'contains-json' }, 'unbalanced {"a": 1', false, 'no JSON object or array'],
    [{ type: 'not-contains-json' }, 'only prose', true, 'no JSON'],
    [{ type: 'not-contains-json' }, 'x {"a":1} y', false, 'found JSON'],
    [{ type: 'contains-json', schema }, 'first {"other": 1} then {"name": "n"}', true, '{\\"name\\": \\"n\\"}'],
    [{ type: 'contains-json', schema }, 'only {"other": 1}', false, 'matches the schema'],
  ])('%j on %j → %s', async (check, answer, passed, evidence) => {
    const { verdict, error } = await grade(check, answer);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it.each<[Check, string]>([
    [{ type: 'is-json', schema: 'object' }, 'must be a JSON Schema object'],
    [{ type: 'contains-json', schema: [1] }, 'must be a JSON Schema object'],
    [{ type: 'is-json', schema: { type: 'bogus' } }, 'schema is not usable'],
  ])('%j is errored', async (check, message) => {
    const { verdict, error } = await grade(check, '{}');
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.code).toBe('BAD_INPUT');
    expect(error?.message).toContain(message);
  });

  it('embeddedJson yields outermost parsable spans only', () => {
    const found = [...embeddedJson('a {"x": [1, {"y": 2}]} b [3] c {bad}')].map((j) => j.value);
    expect(found).toEqual([{ x: [1, { y: 2 }] }, [3]]);
  });
});
