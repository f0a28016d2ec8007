import { describe, expect, it } from 'vitest';
import { createLineSplitter } from './line-splitter.js';

function split(chunks: string[], maxLineLength = 100) {
  const lines: string[] = [];
  const splitter = createLineSplitter(maxLineLength, (line) => lines.push(line));
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return { lines, cutLines: splitter.cutLines };
}

describe('createLineSplitter', () => {
  it('delivers each line whole, however the chunks fall, and a last line without a newline', () => {
    expect(split(['a', 'b\nc', 'd\n\nef', 'g'])).toEqual({ lines: ['ab', 'cd', '', 'efg'], cutLines: 0 });
    expect(split(['one\ntwo\n'])).toEqual({ lines: ['one', 'two'], cutLines: 0 });
  });

  it('drops a blank unfinished last line', () => {
    expect(split(['x\n', '  '])).toEqual({ lines: ['x'], cutLines: 0 });
  });

  it('cuts a line past the limit to it, counts it, and starts the next line afresh', () => {
    expect(split(['abcd', 'efgh', 'ij\nshort\n', 'klmnopq'], 5)).toEqual({
      lines: ['abcde', 'short', 'klmno'],
      cutLines: 2,
    });
  });

  it('reads one endless line, holding no more of it than the limit', () => {
    const chunk = 'a'.repeat(64 * 1024);
    const lines: string[] = [];
    const splitter = createLineSplitter(1024 * 1024, (line) => lines.push(line));
    // 64 MiB in one line (searching all the text held so far on every chunk took minutes).
    for (let i = 0; i < 1024; i++) splitter.push(chunk);
    splitter.push('\nnext\n');
    expect(lines.map((line) => line.length)).toEqual([1024 * 1024, 4]);
    expect(splitter.cutLines).toBe(1);
  });
});
