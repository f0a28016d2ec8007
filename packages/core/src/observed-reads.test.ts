import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  answerAgain,
  observedEntries,
  observedExists,
  observedList,
  observedStat,
  observedText,
  watchReads,
  watchReadsSync,
} from './observed-reads.js';
import { tempFolder } from './test-support/temp-folder.js';
import { untilNextTurn } from './until-next-turn.js';

/** A folder holding `a.txt` ("alpha") and an empty `sub/`. */
function folder(): string {
  const dir = tempFolder('observed-');
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'a.txt'), 'alpha');
  return dir;
}

describe('observed reads', () => {
  it('notes each question with the answer the caller saw, and asks it again from its key alone', () => {
    const dir = folder();
    const { value, reads } = watchReadsSync(() => [
      observedText(join(dir, 'a.txt')),
      observedExists(join(dir, 'missing')),
      observedStat(join(dir, 'a.txt')).size,
      observedStat(join(dir, 'missing'), { throwIfNoEntry: false }),
      observedList(dir).sort(),
      observedEntries(dir)
        .map((e) => `${e.name}:${e.isDirectory()}`)
        .sort(),
    ]);
    expect(value).toEqual(['alpha', false, 5, undefined, ['a.txt', 'sub'], ['a.txt:false', 'sub:true']]);
    expect(reads.size).toBe(6);
    for (const [key, answer] of reads) expect(answerAgain(key)).toBe(answer);
    writeFileSync(join(dir, 'a.txt'), 'beta!');
    writeFileSync(join(dir, 'missing'), '');
    const changed = [...reads]
      .filter(([key, answer]) => answerAgain(key) !== answer)
      .map(([key]) => JSON.parse(key)[0]);
    expect(changed.sort()).toEqual(['entries', 'exists', 'list', 'stat', 'text']);
  });

  it('notes a question that throws by its error, and throws', async () => {
    const dir = folder();
    const missing = join(dir, 'gone.txt');
    const { reads } = await watchReads(async () => {
      expect(() => observedText(missing)).toThrow(/ENOENT/);
      expect(() => observedStat(missing)).toThrow(/ENOENT/);
    });
    expect([...reads.values()]).toEqual(['!ENOENT', '-']);
    writeFileSync(missing, 'here');
    expect([...reads.keys()].map(answerAgain)).toEqual(['here', 'f4']);
  });

  it('reads a regular file, and refuses a FIFO at once (never waiting for a writer) and a folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'observed-text-'));
    try {
      writeFileSync(join(dir, 'SKILL.md'), 'text');
      execFileSync('mkfifo', [join(dir, 'fifo.md')]);
      expect(observedText(join(dir, 'SKILL.md'))).toBe('text');
      expect(() => observedText(join(dir, 'fifo.md'))).toThrow(expect.objectContaining({ code: 'EFTYPE' }));
      expect(() => observedText(dir)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
      expect(() => observedText(join(dir, 'missing.md'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers no key that is not a defined question', () => {
    expect(answerAgain('["no-such-question","x"]')).toBeUndefined();
    expect(answerAgain('not json')).toBeUndefined();
    expect(answerAgain('[1]')).toBeUndefined();
  });

  it('notes what a remembered value was computed from each time it is reused (untilNextTurn)', () => {
    const dir = folder();
    const textOf = untilNextTurn((name: string) => observedText(join(dir, name)));
    const first = watchReadsSync(() => textOf('a.txt'));
    const again = watchReadsSync(() => textOf('a.txt'));
    expect(again.value).toBe('alpha');
    expect([...again.reads]).toEqual([...first.reads]);
    expect(again.reads.size).toBe(1);
  });
});
