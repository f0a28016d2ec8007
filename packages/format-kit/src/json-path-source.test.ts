import { describe, expect, it } from 'vitest';
import { jsonPathSource, parseStrictJson } from './json-path-source.js';

describe('parseStrictJson', () => {
  it('reads what JSON.parse reads, as it reads it: of keys given twice the last counts', () => {
    expect(parseStrictJson('{"id": "a", "id": "b"}')).toEqual({ ok: true, value: { id: 'b' } });
    expect(parseStrictJson(' [1, 2]\r')).toEqual({ ok: true, value: [1, 2] });
  });

  it('refuses what only YAML reads, at the first place strict parsing stops, in format-kit’s words', () => {
    expect(parseStrictJson('{"a": 1,\n  b: 2}')).toEqual({
      ok: false,
      line: 2,
      column: 3,
      message: expect.stringMatching(/^Invalid JSON: an unexpected character; JSON strings use double quotes/),
    });
    expect(parseStrictJson('[1] # note')).toMatchObject({ ok: false, line: 1, column: 5 });
    expect(parseStrictJson('*alias')).toMatchObject({ ok: false, line: 1, column: 1 });
    expect(parseStrictJson('')).toMatchObject({ ok: false, message: expect.stringMatching(/^Invalid JSON: /) });
  });

  it('refuses a byte-order mark, which JSON.parse refuses though strict parsing passes it, in JSON.parse’s words', () => {
    expect(parseStrictJson('\uFEFF{}')).toMatchObject({
      ok: false,
      line: 1,
      column: 1,
      message: expect.stringMatching(/^Invalid JSON: Unexpected token/),
    });
  });
});

/** A case file of `text`, read by a format whose tool reads it with JSON.parse. */
const readCases = (text: string) => jsonPathSource('/x/cases.json', text, 'fmt', 'Fmt reads it with JSON.parse.');

describe('jsonPathSource', () => {
  it('holds the value JSON.parse gives and points a document path at its value, or its key', () => {
    const source = readCases('[\n  {"id": "a",\n   "input": 3}\n]');
    expect(source.value).toEqual([{ id: 'a', input: 3 }]);
    expect(source.sink.diagnostics).toEqual([]);
    expect(source.locate({ path: [0, 'input'] })).toEqual({ line: 3, column: 13 });
    expect(source.locate({ path: [0, 'input'], key: true })).toEqual({ line: 3, column: 4 });
    expect(source.locate({ path: [0, 'missing'] })).toEqual({ line: 2, column: 3 });
  });

  it('is one syntax error naming the reader when JSON.parse refuses the text, with no value', () => {
    const source = readCases("[{'id': 'a'}]");
    expect(source.value).toBeUndefined();
    expect(source.sink.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'fmt/syntax',
        severity: 'error',
        line: 1,
        column: 3,
        message: expect.stringMatching(/^Invalid JSON: .* Fmt reads it with JSON\.parse\.$/),
      }),
    ]);
  });
});
