import { describe, expect, it } from 'vitest';
import { syntaxMessage } from './json-syntax-message.js';
import { MAX_NESTING, parseJson } from './parse-json.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('parseJson: nesting', () => {
  it(`reads ${MAX_NESTING} levels of lists and objects`, () => {
    const parsed = parseJson(`{"a": ${nested(MAX_NESTING - 1)}}`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.root?.type).toBe('object');
  });

  it('refuses one level more with one error at the bracket that opens it, instead of running out of stack', () => {
    for (const depth of [MAX_NESTING + 1, 100_000]) {
      const parsed = parseJson(`{\n  "evals": ${nested(depth)}\n}`);
      expect(parsed.root).toBeUndefined();
      // The object is level 1, so the list bracket opening level MAX_NESTING + 1 is the MAX_NESTING-th bracket.
      expect(parsed.errors).toEqual([{ code: 'NestingTooDeep', line: 2, column: 12 + MAX_NESTING - 1 }]);
    }
    expect(syntaxMessage('NestingTooDeep')).toBe(
      `Invalid JSON: lists and objects nest more than ${MAX_NESTING} levels deep here; no eval file needs that depth, so flatten the structure.`,
    );
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const inString = `"\\"${'['.repeat(MAX_NESTING + 5)}"`;
    const parsed = parseJson(`{"prompt": ${inString}, "evals": []}`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.root?.children?.[0]?.children?.[1]?.value).toBe(`"${'['.repeat(MAX_NESTING + 5)}`);
  });
});

describe('parseJson: numbers', () => {
  it('refuses a number too large to read, where it is, rather than read it as Infinity', () => {
    const parsed = parseJson('{\n  "id": 1,\n  "timeout": 1e400,\n  "runs": [-1e999]\n}');
    expect(parsed.errors).toEqual([
      { code: 'NumberOutOfRange', line: 3, column: 14 },
      { code: 'NumberOutOfRange', line: 4, column: 12 },
    ]);
    expect(syntaxMessage('NumberOutOfRange')).toMatch(/too large to read \(it becomes Infinity\)/);
    expect(parseJson('{"a": 1.7976931348623157e308}').errors).toEqual([]);
  });
});
