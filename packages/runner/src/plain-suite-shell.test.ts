import { SuiteSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { readPlainSuiteShell } from './plain-suite-shell.js';

const Shell = SuiteSchema.omit({ cases: true });
/** JSON keeping undefined-valued keys and key order. */
const exact = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (v === undefined ? '<undefined>' : v));

const base = { id: 'evals/evals.json', name: 'demo', file: '/s/evals/evals.json', format: 'evals-json' };

describe('readPlainSuiteShell', () => {
  it.each([
    ['a bare suite', base],
    ['with a skill and settings', { settings: { b: 1, a: [2] }, ...base, skill: { dir: '/s', name: 'demo', x: 1 } }],
    ['with the skill key but no skill', { ...base, skill: undefined, settings: undefined }],
    ['with keys the schema drops', { ...base, cases: [], extra: true }],
  ])('returns what the schema returns: %s', (_name, suite) => {
    const read = readPlainSuiteShell(suite);
    expect(read).toBeDefined();
    expect(exact(read)).toBe(exact(Shell.parse(suite)));
    expect(read).toStrictEqual(Shell.parse(suite));
  });

  it.each([
    ['a number id', { ...base, id: 1 }],
    ['no format', { ...base, format: undefined }],
    ['a skill without a dir', { ...base, skill: { name: 'demo' } }],
    ['settings as a list', { ...base, settings: [] }],
    ['a class instance', Object.assign(new (class Suite {})(), base)],
  ])('leaves the rest to the schema: %s', (_name, suite) => {
    expect(readPlainSuiteShell(suite)).toBeUndefined();
  });
});
