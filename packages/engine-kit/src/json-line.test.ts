import { describe, expect, it } from 'vitest';
import { readJsonLine } from './json-line.js';

describe('readJsonLine', () => {
  const read = (line: string, what?: string) => {
    const warnings: string[] = [];
    const event = readJsonLine(line, 7, (w) => warnings.push(w), what);
    return { event, warnings };
  };

  it('gives the object of a JSON line, surrounding spaces and all', () => {
    expect(read('  {"type":"text","n":1}\r')).toEqual({ event: { type: 'text', n: 1 }, warnings: [] });
  });

  it('skips a blank line without a word', () => {
    expect(read('   ')).toEqual({ event: undefined, warnings: [] });
  });

  it('warns of a line that is not JSON, or not an object, with its number', () => {
    expect(read('Loading…').warnings).toEqual(['stream line 7 is not JSON: Loading…']);
    expect(read('[1,2]').warnings).toEqual(['stream line 7 is not a JSON object']);
    expect(read('null', 'codex output line').warnings).toEqual(['codex output line 7 is not a JSON object']);
    expect(read('x'.repeat(300)).warnings[0]).toHaveLength('stream line 7 is not JSON: '.length + 200);
  });
});
