import type { PromptfooPair } from '../promptfoo-pairs.js';

type Assertion = Record<string, unknown>;

/** Every assertion of the pair, an assert-set's children included. */
function assertions(list: readonly Assertion[]): Assertion[] {
  return list.flatMap((a) => [a, ...(Array.isArray(a.assert) ? assertions(a.assert as Assertion[]) : [])]);
}

const ofType = (a: Assertion, ...types: string[]) =>
  typeof a.type === 'string' && types.includes(a.type.replace(/^not-/, ''));

const compiles = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';

/**
 * Which deliberate difference (its row in docs/grading.md, `readme` in deliberate-differences.ts) a generated pair
 * shows, told from its content — generated pairs have no names to match. The fuzz suite allows a disagreement only
 * on a pair one of these describes.
 */
export const FUZZ_DIFFERENCES: Readonly<Record<string, (pair: PromptfooPair) => boolean>> = {
  'an invalid regex': (pair) =>
    assertions(pair.assert).some((a) => ofType(a, 'regex') && typeof a.value === 'string' && !compiles(a.value)),
  '`contains-json` on an object whose braces never close': (pair) =>
    assertions(pair.assert).some((a) => ofType(a, 'contains-json')) &&
    (pair.output.match(/\{/g)?.length ?? 0) > (pair.output.match(/\}/g)?.length ?? 0),
  '`bleu` or `gleu` against a blank reference': (pair) =>
    assertions(pair.assert).some(
      (a) => ofType(a, 'bleu', 'gleu') && (blank(a.value) || (Array.isArray(a.value) && a.value.some(blank))),
    ),
};

/** The listed differences a generated pair shows. */
export const fuzzExplaining = (pair: PromptfooPair): string[] =>
  Object.entries(FUZZ_DIFFERENCES)
    .filter(([, shows]) => shows(pair))
    .map(([readme]) => readme);
