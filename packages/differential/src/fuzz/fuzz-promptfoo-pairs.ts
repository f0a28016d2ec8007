import type { PromptfooPair } from '../promptfoo-pairs.js';
import { fuzzAnswer } from './fuzz-answers.js';
import { fuzzAssertion, PROMPTFOO_FAMILIES, type PromptfooFamily } from './fuzz-promptfoo-assertions.js';
import { SeededRandom } from './seeded-random.js';

/** The family a fuzzed pair's id names (`fuzz-<seed>-<n>-<family>`), for agreement per family. */
export const familyOf = (id: string): string => id.replace(/^fuzz-\d+-\d+-/, '');

/**
 * `count` (answer, assertions) pairs from the grammars, the same for the same seed: one family per pair (its first
 * assertion), sometimes joined by one or two others, a test threshold, or an assert-set around them.
 */
export function fuzzPromptfooPairs(seed: number, count: number): PromptfooPair[] {
  const random = new SeededRandom(seed);
  const pairs: PromptfooPair[] = [];
  for (let n = 0; n < count; n++) {
    const family: PromptfooFamily = PROMPTFOO_FAMILIES[n % PROMPTFOO_FAMILIES.length]!;
    const output = fuzzAnswer(random);
    let assert = [fuzzAssertion(random, family, output)];
    if (random.chance(0.2))
      for (let more = random.int(1, 2); more > 0; more--)
        assert.push(fuzzAssertion(random, random.pick(PROMPTFOO_FAMILIES), output));
    if (assert.length > 1 && random.chance(0.3)) {
      const set: Record<string, unknown> = { type: 'assert-set', assert };
      if (random.chance(0.5)) set.threshold = random.pick([0.3, 0.5, 0.75]);
      assert = [set];
    }
    const pair: PromptfooPair = { id: `fuzz-${seed}-${n}-${family}`, output, assert };
    if (random.chance(0.15)) pair.threshold = random.pick([0, 0.25, 0.5, 0.75, 1]);
    pairs.push(pair);
  }
  return pairs;
}
