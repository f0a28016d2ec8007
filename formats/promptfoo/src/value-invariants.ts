import { commaList } from '@skill-eval/checks';

/**
 * What promptfoo's assertion handlers require of an assertion's `value` before they grade (promptfoo 0.123.1
 * `dist/src/index.js`), for the types whose handler throws on a value of another kind: where promptfoo throws, the
 * assertion is an error at its line, rather than graded on a value skill-eval would coerce; a text list becomes the
 * strings promptfoo compares, each item as `String(item)`, and a comma string that holds no item the empty list it is.
 */
export function promptfooValue(type: string, value: unknown): { value: unknown } | { refused: string } {
  const base = type.startsWith('not-') ? type.slice(4) : type;
  const rule = RULES[base];
  return rule ? rule(value, base) : { value };
}

type Rule = (value: unknown, type: string) => { value: unknown } | { refused: string };

/** `isContainsValue` (index.js 3911-3913), checked by `handleContains`/`handleIContains` (3914-3935). */
const containsValue: Rule = (value, type) =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && !Number.isNaN(value))
    ? { value }
    : { refused: `"${type}" assertion type must have a string or number value` };

/**
 * `handleContainsAny`, `handleIContainsAny`, `handleContainsAll`, `handleIContainsAll` (index.js 3936-3990): a
 * truthy value; a string split by `parseCommaSeparatedValues`; then a list, whose items are compared as `String(v)`.
 */
const textList: Rule = (value, type) => {
  if (!value) return { refused: `"${type}" assertion type must have a value` };
  let items: unknown = value;
  if (typeof value === 'string') {
    try {
      items = commaList(value);
    } catch {
      return { refused: 'Expected comma after quoted field in contains assertion value' };
    }
  }
  if (!Array.isArray(items)) return { refused: `"${type}" assertion type must have an array value` };
  return { value: items.map((item) => String(item)) };
};

/** `invariant(renderedValue)` then `typeof renderedValue === 'string'`: starts-with (21105-21106), regex (20366-20367). */
const truthyText: Rule = (value, type) =>
  typeof value === 'string' && value !== ''
    ? { value }
    : { refused: `"${type}" assertion type must have a string value` };

/** `typeof renderedValue === 'string'`: levenshtein (4818), rouge-n (20429). */
const anyText: Rule = (value, type) =>
  typeof value === 'string' ? { value } : { refused: `"${type}" assertion type must have a string value` };

/** A string or a list of strings: bleu (3774), gleu (4291). */
const textOrTexts: Rule = (value, type) =>
  typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    ? { value }
    : { refused: `"${type}" assertion type must have a string or array of strings value` };

const RULES: Record<string, Rule> = {
  contains: containsValue,
  icontains: containsValue,
  'contains-any': textList,
  'contains-all': textList,
  'icontains-any': textList,
  'icontains-all': textList,
  'starts-with': truthyText,
  regex: truthyText,
  levenshtein: anyText,
  'rouge-n': anyText,
  bleu: textOrTexts,
  gleu: textOrTexts,
};
