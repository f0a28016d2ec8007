import { normalizeCheck } from '@skill-eval/core';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { schemaTest } from './json-schema.js';
import { runCheck } from './run-check.js';

const deadline = { limitMs: 2000, label: 'check "is-json"' };
const runaway = `${'a'.repeat(40)}!`;

describe('schema patterns', () => {
  it('give the verdicts of Ajv with its own RegExp engine, patterns and patternProperties alike', async () => {
    const schema = {
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^[A-Z]{3}-\\d+$' },
        word: { type: 'string', pattern: '(\\w)\\1' },
        name: { type: 'string', pattern: '^\\p{Lu}' },
      },
      patternProperties: { '^x-(?=[a-z])': { type: 'number' } },
      additionalProperties: false,
    };
    const plain = new Ajv({ strictSchema: true }).compile(schema);
    const test = (await schemaTest(normalizeCheck({ type: 'is-json', value: schema }), deadline))!;
    for (const value of [
      { code: 'ABC-12', word: 'noon', name: 'Émile' },
      { code: 'abc-12' },
      { word: 'abc' },
      { name: 'émile' },
      { 'x-a': 1, 'x-1': 2 },
      { 'x-b': 'text' },
      { code: 'ABC-1', word: 'aa', name: 'Z', 'x-q': 3 },
    ]) {
      expect((await test(value)).ok, JSON.stringify(value)).toBe(plain(value));
    }
  });

  it('stop a runaway schema pattern: the is-json check is an error, not a hang or a pass', async () => {
    const check = normalizeCheck({
      type: 'is-json',
      value: { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+$' } } },
    });
    const context = {
      testCase: makeCase({ source: { file: '/p/promptfooconfig.yaml', line: 9, format: 'promptfoo' } }),
      session: makeSession({ finalMessage: JSON.stringify({ id: runaway }) }),
      workspace: '/nonexistent',
    };
    const started = Date.now();
    const { verdict, error } = await runCheck(check, 'check', context);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error?.code).toBe('TIMEOUT');
    expect(verdict).toMatchObject({ passed: false, errored: true });
    expect(verdict.evidence).toMatch(
      /^check "is-json: .*" of case "case-1" \(\/p\/promptfooconfig\.yaml:9\): \/\^\(a\+\)\+\$\/u was stopped/,
    );
  });
});
