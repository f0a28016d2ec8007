import { chmodSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheSealKey } from './cache-seal-key.js';
import { useTempTree } from './test-support/fixtures.js';

const posix = process.platform !== 'win32';

describe('cacheSealKey', () => {
  const tree = useTempTree({}, 'skill-eval-seal-');
  const file = () => join(tree.dir, 'cache', 'skill-eval', 'result-cache-seal-key');

  it('makes a key of 32 random bytes readable by the user alone, then gives that same key back', () => {
    const made = cacheSealKey(file());
    if (!('key' in made)) throw new Error(made.problem);
    expect(made.key).toHaveLength(32);
    expect(Buffer.from(made.key).equals(Buffer.alloc(32))).toBe(false);
    if (posix) expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(cacheSealKey(file())).toEqual({ key: made.key });
    expect(readdirSync(join(file(), '..'))).toEqual(['result-cache-seal-key']); // no temporary file left
  });

  it.runIf(posix)(
    'uses no key through a link, of another size, or that other users can read, and replaces none',
    () => {
      const outside = join(tree.dir, 'outside-key');
      writeFileSync(outside, Buffer.alloc(32, 1), { mode: 0o600 });
      cacheSealKey(file()); // makes the folder
      const cases: [string, () => void, RegExp][] = [
        ['a link', () => symlinkSync(outside, file()), /a link/],
        ['too short', () => writeFileSync(file(), 'short', { mode: 0o600 }), /not a key skill-eval made/],
        [
          'readable by others',
          () => {
            writeFileSync(file(), Buffer.alloc(32, 2));
            chmodSync(file(), 0o644);
          },
          /readable by other/,
        ],
      ];
      for (const [what, plant, problem] of cases) {
        rmSync(file(), { force: true });
        plant();
        expect(cacheSealKey(file()), what).toEqual({ problem: expect.stringMatching(problem) });
      }
      expect(readFileSync(outside)).toEqual(Buffer.alloc(32, 1));
    },
  );
});
