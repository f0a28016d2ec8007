import { emptyUsage } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import type { SeenAttempt, SetScore } from './improve-prompt.js';
import { type Measured, optimizeLoop } from './optimize-loop.js';

/** A score of `passed` out of `total` (the queries themselves do not matter to the loop). */
const score = (passed: number, total: number): SetScore => ({ passed, total, queries: [] });
const spend = { usage: emptyUsage(), costUsd: 0 };

/** A loop over descriptions `d1`, `d2`, … measured as the table says: [train passed, test passed] of 4 and 2. */
async function loop(table: Record<string, [number, number | undefined]>, maxIterations = 5) {
  const seen: SeenAttempt[][] = [];
  const result = await optimizeLoop({
    original: 'd1',
    maxIterations,
    measure: async (description): Promise<Measured> => {
      const [train, test] = table[description]!;
      return { train: score(train, 4), ...(test === undefined ? {} : { test: score(test, 2) }), runDir: '', ...spend };
    },
    propose: async (_current, _train, history, iteration) => {
      seen.push([...history]);
      return { description: `d${iteration + 1}`, exchanges: [], ...spend };
    },
  });
  return { ...result, seen };
}

describe('the description loop', () => {
  it('chooses by held-out score, not by the training score the proposals were fitted to', async () => {
    // d3 fits the training queries best but does worse on the held-out ones than d2.
    const { best, candidates, exitReason } = await loop({ d1: [1, 0], d2: [2, 2], d3: [3, 1], d4: [2, 1], d5: [1, 0] });
    expect(candidates.map((c) => c.description)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(exitReason).toBe('max-iterations');
    expect(best.description).toBe('d2');
  });

  it('takes the earliest of equal held-out scores, and the training score without a held-out set', async () => {
    expect((await loop({ d1: [1, 1], d2: [3, 1], d3: [2, 0] }, 3)).best.description).toBe('d1');
    expect((await loop({ d1: [1, undefined], d2: [3, undefined], d3: [2, undefined] }, 3)).best.description).toBe('d2');
  });

  it('stops when every training query passes', async () => {
    const { candidates, exitReason } = await loop({ d1: [1, 0], d2: [4, 1], d3: [4, 2] });
    expect(candidates).toHaveLength(2);
    expect(exitReason).toBe('all-train-passed');
  });

  it('never shows the proposing model a held-out score', async () => {
    const { seen } = await loop({ d1: [1, 0], d2: [2, 2], d3: [3, 1] }, 3);
    expect(seen.map((history) => history.map((h) => h.description))).toEqual([['d1'], ['d1', 'd2']]);
    for (const attempt of seen.flat()) expect(Object.keys(attempt).sort()).toEqual(['description', 'train']);
  });
});
