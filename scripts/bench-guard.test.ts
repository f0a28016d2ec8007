import { describe, expect, it } from 'vitest';
// @ts-expect-error: the bench is plain JavaScript without declarations
import { checkGuards, readLimits } from '../bench/lib/guard.mjs';

interface Guard {
  id: string;
  what: string;
  ratio: number;
  detail: string;
}
const figure = (id: string, ratio: number): Guard => ({ id, what: `${id} ÷ its baseline`, ratio, detail: 'a s against b s' });
const check = (guards: Guard[], limits: Record<string, { max: number; why: string }>) =>
  checkGuards([{ guards }], limits) as { failures: string[] };

describe('the bench guard (pnpm bench --quick --check)', () => {
  const limits = readLimits() as Record<string, { max: number; why: string }>;

  it('keeps a limit, with the figure it was set from, for each figure CI checks', () => {
    for (const id of ['cold-start-version', 'cold-start-help', 'overhead-100']) {
      expect(limits[id]?.max, id).toBeGreaterThan(1);
      expect(limits[id]?.why, id).toMatch(/quiet/);
    }
  });

  it('passes figures within their limits and names the one that moved past it', () => {
    const limit = { max: 2, why: 'quiet: 1.2×' };
    expect(check([figure('a', 1.9), figure('b', 1.2)], { a: limit, b: limit }).failures).toEqual([]);
    const { failures } = check([figure('a', 1.9), figure('b', 2.5)], { a: limit, b: limit });
    expect(failures).toEqual(['b: b ÷ its baseline is 2.50×, over its limit of 2× (a s against b s)']);
  });

  it('fails a figure that has no limit rather than checking nothing', () => {
    expect(check([figure('new-figure', 1)], {}).failures).toEqual(['no limit for new-figure in bench/limits.json']);
  });

  it('catches a doubled overhead on a quiet machine, and not the noise the limit was set from', () => {
    // On a quiet machine the ratio is (engine + harness) ÷ engine; doubling the harness's share must cross the limit.
    const { max, why } = limits['overhead-100']!;
    const quiet = Number(/about (\d+(?:\.\d+)?)×/.exec(why)?.[1]);
    expect(quiet).toBeGreaterThan(1);
    const doubled = 2 * quiet - 1;
    expect(quiet * 1.25).toBeLessThan(max);
    expect(doubled).toBeGreaterThan(max);
  });
});
