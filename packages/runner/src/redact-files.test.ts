import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactFiles, replaceSecrets } from './redact-files.js';
import { useTempDir, writeTree } from './test-support/fixtures.js';

const SECRET = 'sk-fake-SECRET123';

describe('replaceSecrets', () => {
  const patterns = [Buffer.from('abcdef'), Buffer.from('abc')];
  const run = (text: string, end: boolean) => {
    const { parts, rest } = replaceSecrets(Buffer.from(text), patterns, end);
    return [Buffer.concat(parts).toString(), rest.toString()];
  };

  it('replaces the longest secret at the earliest place, and holds back what may start a secret', () => {
    expect(run('x abcdef y abc z', true)).toEqual(['x [REDACTED] y [REDACTED] z', '']);
    // The last five bytes could begin "abcdef": they wait for the next chunk.
    expect(run('x abc y ab', false)).toEqual(['x [REDACTED]', ' y ab']);
    expect(run('abcde', false)).toEqual(['', 'abcde']);
  });
});

describe('redactFiles', () => {
  let dir = '';
  useTempDir(undefined, async (made) => {
    dir = made;
  });

  it('replaces secrets in every file below the folder, across read chunks and as JSON escapes them', async () => {
    const quoted = 'pa"ss\\word';
    // The secret straddles the 64 KiB boundary of the first read.
    const big = `${'x'.repeat(64 * 1024 - 5)}${SECRET} tail`;
    await writeTree(dir, {
      'claude-stream.jsonl': `${JSON.stringify({ text: `key=${SECRET} pw=${quoted}` })}\n`,
      'collected/out/big.txt': big,
      'setup.log': 'nothing secret here',
    });
    const untouched = (await stat(join(dir, 'setup.log'))).mtimeMs;
    await redactFiles(dir, [SECRET, quoted]);
    expect(await readFile(join(dir, 'claude-stream.jsonl'), 'utf8')).toBe(
      `${JSON.stringify({ text: 'key=[REDACTED] pw=[REDACTED]' })}\n`,
    );
    expect(await readFile(join(dir, 'collected/out/big.txt'), 'utf8')).toBe(
      `${'x'.repeat(64 * 1024 - 5)}[REDACTED] tail`,
    );
    expect((await stat(join(dir, 'setup.log'))).mtimeMs).toBe(untouched);
  });

  it('does nothing without secrets, and nothing where the folder does not exist', async () => {
    await writeFile(join(dir, 'a.txt'), SECRET);
    await redactFiles(dir, []);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe(SECRET);
    await expect(redactFiles(join(dir, 'missing'), [SECRET])).resolves.toBeUndefined();
  });
});
