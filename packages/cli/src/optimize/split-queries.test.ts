import { describe, expect, it } from 'vitest';
import { splitQueries } from './split-queries.js';

const queries = (positive: number, negative: number) => [
  ...Array.from({ length: positive }, (_, i) => ({ query: `p${i}`, shouldTrigger: true })),
  ...Array.from({ length: negative }, (_, i) => ({ query: `n${i}`, shouldTrigger: false })),
];
const names = (list: { query: string }[]) => list.map((q) => q.query);

// Expected sets: what skill-creator's own split_eval_set (run_loop.py) gives for the same lists with seed 42.
describe('splitQueries', () => {
  it('holds out the same queries as skill-creator, stratified by kind', () => {
    const { train, test } = splitQueries(queries(10, 8), 0.4);
    expect(names(train)).toEqual(['p5', 'p6', 'p9', 'p4', 'p0', 'p1', 'n1', 'n5', 'n7', 'n0', 'n6']);
    expect(names(test)).toEqual(['p7', 'p3', 'p2', 'p8', 'n3', 'n2', 'n4']);
  });

  it('holds out at least one of each kind', () => {
    const { train, test } = splitQueries(queries(3, 3), 0.4);
    expect(names(train)).toEqual(['p0', 'p2', 'n1', 'n0']);
    expect(names(test)).toEqual(['p1', 'n2']);
  });

  it('gives the same split for the same seed, another for another seed, none without a holdout', () => {
    expect(splitQueries(queries(10, 8), 0.4, 42)).toEqual(splitQueries(queries(10, 8), 0.4, 42));
    expect(names(splitQueries(queries(10, 8), 0.4, 7).test)).not.toEqual(names(splitQueries(queries(10, 8), 0.4).test));
    expect(splitQueries(queries(2, 2), 0)).toEqual({ train: queries(2, 2), test: [] });
  });
});
