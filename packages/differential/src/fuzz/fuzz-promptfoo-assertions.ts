import { anyValue, fromAnswer, textValue } from './fuzz-values.js';
import type { SeededRandom } from './seeded-random.js';

type Assertion = Record<string, unknown>;

/** The deterministic assertion families of promptfoo the fuzzer draws from (model-graded ones need a model). */
export const PROMPTFOO_FAMILIES = [
  'contains',
  'icontains',
  'contains-any',
  'contains-all',
  'icontains-any',
  'icontains-all',
  'starts-with',
  'equals',
  'regex',
  'is-json',
  'contains-json',
  'levenshtein',
  'word-count',
  'rouge-n',
  'bleu',
  'gleu',
] as const;
export type PromptfooFamily = (typeof PROMPTFOO_FAMILIES)[number];

function schemaValue(random: SeededRandom): unknown {
  switch (random.int(0, 5)) {
    case 0:
      return { type: 'object', required: [random.pick(['name', 'a', 'user'])] };
    case 1:
      return { type: 'array', minItems: random.int(0, 3) };
    case 2:
      return { type: random.pick(['string', 'number', 'boolean', 'null', 'object', 'array']) };
    case 3:
      return 'type: object\nrequired: [name]';
    case 4:
      return { type: 'object', properties: { age: { type: 'number' } }, additionalProperties: random.chance(0.5) };
    default:
      return { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } };
  }
}

/** One assertion of `family` on `answer`, negated, weighted and with a threshold at random. */
export function fuzzAssertion(random: SeededRandom, family: PromptfooFamily, answer: string): Assertion {
  const text = textValue(random, family, answer);
  const assertion: Assertion = { type: family, ...text };
  if (!text) {
    switch (family) {
      case 'is-json':
      case 'contains-json':
        if (random.chance(0.5)) assertion.value = schemaValue(random);
        break;
      case 'levenshtein':
        assertion.value = random.chance(0.8) ? fromAnswer(random, answer) : anyValue(random, answer);
        if (random.chance(0.6)) assertion.threshold = random.int(0, 6);
        break;
      case 'word-count':
        assertion.value = random.pick([
          random.int(0, 8),
          { min: random.int(0, 3) },
          { max: random.int(1, 10) },
          { min: random.int(0, 3), max: random.int(2, 12) },
          String(random.int(1, 5)),
        ]);
        break;
      case 'rouge-n':
      case 'bleu':
      case 'gleu':
        assertion.value = random.chance(0.8) ? fromAnswer(random, answer) : [fromAnswer(random, answer), 'hello world'];
        if (random.chance(0.5)) assertion.threshold = random.pick([0, 0.1, 0.3, 0.5, 0.75, 1]);
        break;
    }
  }
  if (random.chance(0.25)) assertion.type = `not-${family}`;
  if (random.chance(0.15)) assertion.weight = random.pick([0, 0.5, 1, 2, 3]);
  return assertion;
}
