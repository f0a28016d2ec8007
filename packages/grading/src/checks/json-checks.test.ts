import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { embeddedJson, lenientObject } from './contains-json.js';
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
    [{ type: 'is-json', schema }, '{"name": 3}', false, 'value/name must be string'],
    [{ type: 'contains-json' }, 'Result:\n```json\n{"ok": true, "list": [1]}\n```\nDone.', true, '{\\"ok\\": true'],
    // promptfoo's contains-json looks for objects, not lists.
    [{ type: 'contains-json' }, 'see [the docs] then [1,2]', false, 'no JSON object'],
    // and reads them leniently (YAML's flow mapping): a trailing comma, an unquoted key.
    [{ type: 'contains-json' }, 'so {"a": 1, "b": 2,} it is', true, 'found JSON'],
    [{ type: 'contains-json' }, 'a {"brace": "}"} inside a string', true, 'found JSON'],
    [{ type: 'contains-json' }, 'no json [here] at all', false, 'no JSON object'],
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
    const found = [...embeddedJson('a {"x": [1, {"y": 2}]} b [3] c {bad: [}')].map((j) => j.value);
    expect(found).toEqual([{ x: [1, { y: 2 }] }]);
  });

  it('embeddedJson finds what a fresh scan from every bracket finds, on random bracket soup', () => {
    // The plain definition: from each opening bracket, count depth (skipping strings) until it returns to zero.
    function* reference(text: string) {
      for (let start = 0; start < text.length; start++) {
        if (text[start] !== '{') continue;
        let depth = 0;
        let inString = false;
        let end = -1;
        for (let i = start; i < text.length && end < 0; i++) {
          const c = text[i];
          if (inString) {
            if (c === '\\') i++;
            else if (c === '"') inString = false;
          } else if (c === '"') inString = true;
          else if (c === '{' || c === '[') depth++;
          else if ((c === '}' || c === ']') && --depth === 0) end = i;
        }
        if (end < 0) continue;
        const value = lenientObject(text.slice(start, end + 1));
        if (value === undefined) continue;
        yield { at: start, length: end + 1 - start, value };
        start = end;
      }
    }
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['{', '}', '[', ']', '"', '\\', '1', ',', ':', ' ', '"a"'];
    for (let n = 0; n < 3000; n++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 24) },
        () => alphabet[Math.floor(random() * 11)],
      ).join('');
      expect([...embeddedJson(text)], text).toEqual([...reference(text)]);
    }
  });

  it('embeddedJson reads an answer of a million unclosed brackets and a JSON object after them', () => {
    // A fresh scan from every bracket would take hours here.
    const found = [...embeddedJson(`${'['.repeat(1_000_000)} then {"ok": true}`)].map((j) => j.value);
    expect(found).toEqual([{ ok: true }]);
  });
});
