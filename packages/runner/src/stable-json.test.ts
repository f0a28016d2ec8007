import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RawJson, stableJson } from './stable-json.js';

/** The definition stableJson must keep to: JSON.stringify with every object rebuilt from its sorted entries. */
const reference = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

describe('stableJson', () => {
  it('writes what JSON.stringify of the sorted value writes, for any JSON-like value', () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom('0', '1', '10', '9', '01', '-1', '4294967295', '4294967294', 'a'),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(key, tie('node'), { maxKeys: 5 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(stableJson(v)).toBe(reference(v));
      }),
      { numRuns: 500 },
    );
  });

  it('orders keys the same however the object was built, and honours toJSON', () => {
    expect(stableJson({ b: 1, a: { d: [new Date(0)], c: undefined } })).toBe(
      stableJson({ a: { c: undefined, d: ['1970-01-01T00:00:00.000Z'] }, b: 1 }),
    );
    expect(stableJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('puts raw JSON in as it is', () => {
    expect(stableJson({ b: new RawJson('{"z":1,"a":2}'), a: [new RawJson('7')] })).toBe('{"a":[7],"b":{"z":1,"a":2}}');
  });
});
