import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvalText } from './read-eval-text.js';
import { useTempDir } from './test-support/fixtures.js';

describe('readEvalText', () => {
  let dir = '';
  useTempDir(undefined, async (made) => {
    dir = made;
  });

  const read = (bytes: Buffer) => {
    const file = join(dir, 'evals.json');
    writeFileSync(file, bytes);
    return readEvalText(file);
  };

  it('reads UTF-8, a byte order mark and characters of every plane included', () => {
    const text = '\uFEFF{"prompt": "café ☕ 𝄞 and a real \uFFFD"}';
    expect(read(Buffer.from(text))).toEqual({ text });
  });

  it('refuses a Latin-1 byte at its line and column, rather than turning it into U+FFFD', () => {
    const bytes = Buffer.concat([
      Buffer.from('{\n  "prompt": "Order a caf'),
      Buffer.from([0xe9]),
      Buffer.from(' au lait"\n}'),
    ]);
    expect(read(bytes)).toEqual({
      problem: expect.objectContaining({ ruleId: 'discovery/not-utf8', line: 2, column: 25 }),
    });
    expect(JSON.stringify(read(bytes))).toContain('Byte 0xe9 is not UTF-8');
  });

  it('names a UTF-16 file as such', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[{"query": "x"}]', 'utf16le')]);
    expect(JSON.stringify(read(bytes))).toContain('The file is UTF-16');
  });

  it('refuses a binary file, or UTF-16 without a byte order mark, at its first NUL byte', () => {
    const binary = Buffer.concat([Buffer.from('## Case\n\x89PNG'), Buffer.from([0, 1, 2])]);
    expect(read(binary)).toEqual({
      problem: expect.objectContaining({ severity: 'error', ruleId: 'discovery/not-utf8', line: 2, column: 5 }),
    });
    expect(JSON.stringify(read(binary))).toContain('binary');
    expect(read(Buffer.from('[{"query": "x"}]', 'utf16le'))).toEqual({
      problem: expect.objectContaining({ ruleId: 'discovery/not-utf8', line: 1, column: 2 }),
    });
  });
});
