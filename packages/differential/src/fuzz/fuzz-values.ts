import { jsonValue } from './fuzz-answers.js';
import type { SeededRandom } from './seeded-random.js';

/** Values of assertions drawn from the answer they grade, for every peer's fuzzer. */

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A stretch of the answer (so that a check can pass), changed the ways a hand-written value differs from it. */
export function fromAnswer(random: SeededRandom, answer: string): string {
  const words = answer.split(/[\s,.]+/).filter(Boolean);
  if (words.length === 0) return random.pick(['', ' ', 'hello']);
  const start = random.int(0, words.length - 1);
  let text = words.slice(start, start + random.int(1, 3)).join(' ');
  const casing = random.next();
  if (casing < 0.15) text = text.toUpperCase();
  else if (casing < 0.3) text = text.toLowerCase();
  if (random.chance(0.1)) text = ` ${text} `;
  if (random.chance(0.05)) text = answer;
  if (random.chance(0.05)) text = answer.trim();
  return text;
}

/** A value of any JSON type: mostly text from the answer, sometimes a number, boolean, null, list or object. */
export function anyValue(random: SeededRandom, answer: string): unknown {
  const roll = random.next();
  if (roll < 0.6) return fromAnswer(random, answer);
  if (roll < 0.72) return random.pick(['hello', 'World', '42', 'zzz', '', 'İ', 'ß']);
  if (roll < 0.82) return random.pick([42, -1, 3.14, 0]);
  if (roll < 0.88) return random.pick([true, false, null]);
  if (roll < 0.94) return [fromAnswer(random, answer), random.pick(['zzz', 42, 'hello'])];
  return jsonValue(random, 1);
}

export function listValue(random: SeededRandom, answer: string): unknown {
  const items = Array.from({ length: random.int(1, 3) }, () =>
    random.chance(0.85) ? fromAnswer(random, answer) : random.pick(['zzz', 42, true, 'hello']),
  );
  return random.chance(0.3) ? items.join(random.pick([',', ', ', ' ,'])) : items;
}

export function regexValue(random: SeededRandom, answer: string): unknown {
  if (random.chance(0.08)) return random.pick([42, '(unclosed', '', '[a-', true]);
  let pattern = escapeRegex(fromAnswer(random, answer));
  if (random.chance(0.3)) pattern = pattern.replaceAll(' ', '\\s+');
  if (random.chance(0.25)) pattern = `^${pattern}`;
  if (random.chance(0.25)) pattern = `${pattern}$`;
  if (random.chance(0.1)) pattern = random.pick(['^\\s*$', '\\d+', '^[A-Z]', '\\p{L}+', '^\\{[\\s\\S]*\\}$', '.*']);
  return pattern;
}

/** The kind of value each assertion family on the answer's text takes, in every peer's vocabulary. */
const TEXT_VALUES: Readonly<Record<string, (random: SeededRandom, answer: string) => unknown>> = {
  contains: anyValue,
  icontains: anyValue,
  'starts-with': anyValue,
  'ends-with': anyValue,
  equals: anyValue,
  'contains-any': listValue,
  'contains-all': listValue,
  'icontains-any': listValue,
  'icontains-all': listValue,
  regex: regexValue,
};

/** The value of an assertion of `family` on the answer's text, or undefined when `family` is not one of those. */
export function textValue(random: SeededRandom, family: string, answer: string): { value: unknown } | undefined {
  const draw = Object.hasOwn(TEXT_VALUES, family) ? TEXT_VALUES[family] : undefined;
  return draw ? { value: draw(random, answer) } : undefined;
}
