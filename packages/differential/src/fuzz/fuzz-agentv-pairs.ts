import type { AgentvPair } from '../agentv-pairs.js';
import {
  AGENTV_FAMILIES,
  type AgentvFamily,
  fuzzAgentvAssertion,
  fuzzExpectedOutput,
  fuzzJsonAnswer,
} from './fuzz-agentv-assertions.js';
import { fuzzAnswer } from './fuzz-answers.js';
import { SeededRandom } from './seeded-random.js';

/** The run's figures of a pair: tokens and cost reported or not, of any size, and zero now and then. */
function figures(random: SeededRandom): Pick<AgentvPair, 'tokenUsage' | 'costUsd' | 'durationMs'> {
  const pair: Pick<AgentvPair, 'tokenUsage' | 'costUsd' | 'durationMs'> = {};
  if (random.chance(0.8)) {
    pair.tokenUsage = { input: random.pick([1, 50, 100, 900]), output: random.pick([1, 20, 100, 400]) };
    if (random.chance(0.3)) pair.tokenUsage.cached = random.pick([0, 200]);
  }
  if (random.chance(0.8)) pair.costUsd = random.pick([0, 0.001, 0.005, 0.01, 0.5, 2]);
  // A run always has a duration (skill-eval's session always carries one), so every pair reports it.
  pair.durationMs = random.pick([0, 120, 1000, 1500, 20000]);
  return pair;
}

/**
 * `count` AgentV tests from the grammars, the same for the same seed: one family per pair (its first assertion),
 * sometimes joined by one or two others, a test threshold, the run's figures, and a reference answer
 * (`expected_output`) for field-accuracy. Ids are `fuzz-<seed>-<n>-<family>`, as the promptfoo fuzzer's.
 */
export function fuzzAgentvPairs(seed: number, count: number): AgentvPair[] {
  const random = new SeededRandom(seed);
  const pairs: AgentvPair[] = [];
  for (let n = 0; n < count; n++) {
    const family: AgentvFamily = AGENTV_FAMILIES[n % AGENTV_FAMILIES.length]!;
    const json = family === 'field-accuracy' || random.chance(0.1);
    const expected = json ? fuzzExpectedOutput(random) : undefined;
    const output = json ? fuzzJsonAnswer(random, expected) : fuzzAnswer(random);
    const assertions = [fuzzAgentvAssertion(random, family, output)];
    if (random.chance(0.2))
      for (let more = random.int(1, 2); more > 0; more--)
        assertions.push(fuzzAgentvAssertion(random, random.pick(AGENTV_FAMILIES), output));
    const pair: AgentvPair = { id: `fuzz-${seed}-${n}-${family}`, output, assertions, ...figures(random) };
    if (expected !== undefined) pair.test = { expected_output: expected };
    if (random.chance(0.2)) pair.threshold = random.pick([0, 0.25, 0.5, 0.8, 1]);
    pairs.push(pair);
  }
  return pairs;
}
