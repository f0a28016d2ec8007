import { PythonRandom } from './python-random.js';

/** The held-out fraction skill-creator's run_loop.py uses by default (`--holdout 0.4`). */
export const DEFAULT_HOLDOUT = 0.4;
/** The seed skill-creator's split uses (`split_eval_set(..., seed=42)`). */
export const DEFAULT_SEED = 42;

/**
 * skill-creator's `split_eval_set`: the should-trigger and the should-not queries each shuffled (one seeded
 * generator, should-trigger first) and `max(1, ⌊n × holdout⌋)` of each held out for testing, so both kinds are in
 * both sets; with no holdout, every query is for training. The same seed splits a set as skill-creator does.
 */
export function splitQueries<T extends { shouldTrigger: boolean }>(
  queries: readonly T[],
  holdout = DEFAULT_HOLDOUT,
  seed = DEFAULT_SEED,
): { train: T[]; test: T[] } {
  if (holdout <= 0) return { train: [...queries], test: [] };
  const random = new PythonRandom(seed);
  const positive = random.shuffle(queries.filter((q) => q.shouldTrigger));
  const negative = random.shuffle(queries.filter((q) => !q.shouldTrigger));
  const held = (group: readonly T[]) => Math.max(1, Math.floor(group.length * holdout));
  const p = held(positive);
  const n = held(negative);
  return {
    train: [...positive.slice(p), ...negative.slice(n)],
    test: [...positive.slice(0, p), ...negative.slice(0, n)],
  };
}
