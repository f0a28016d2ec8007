import { describe, expect, it } from 'vitest';
import { PythonRandom } from './python-random.js';

// Expected values are CPython 3's own: `random.seed(s)` then `random.shuffle` / `random.getrandbits`.
describe('PythonRandom', () => {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('draws the bits CPython draws after random.seed(42)', () => {
    const random = new PythonRandom(42);
    expect([random.getrandbits(32), random.getrandbits(32), random.getrandbits(32)]).toEqual([
      2746317213, 478163327, 107420369,
    ]);
  });

  it('shuffles as random.shuffle does, one generator over consecutive shuffles (skill-creator split_eval_set)', () => {
    const random = new PythonRandom(42);
    expect(random.shuffle(range(10))).toEqual([7, 3, 2, 8, 5, 6, 9, 4, 0, 1]);
    expect(random.shuffle(range(7))).toEqual([1, 2, 5, 6, 0, 3, 4]);
    expect(new PythonRandom(7).shuffle(range(20))).toEqual([
      17, 15, 11, 18, 7, 6, 19, 3, 14, 0, 9, 5, 16, 8, 13, 2, 1, 12, 4, 10,
    ]);
    expect(new PythonRandom(0).shuffle(range(1000)).slice(0, 8)).toEqual([439, 621, 160, 549, 237, 389, 658, 507]);
  });

  it('seeds with a number above 32 bits by its words, as random.seed does', () => {
    expect(new PythonRandom(2 ** 40 + 5).shuffle(range(5))).toEqual([1, 0, 3, 2, 4]);
  });
});
