import { commaList } from '@skill-eval/checks';
import { type Check, SkillEvalError } from '@skill-eval/core';

/** The check's `value` as a string; numbers and booleans are accepted as written. */
export function stringValue(check: Check): string {
  const { value } = check;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new SkillEvalError('BAD_INPUT', `check "${check.type}" needs a string value, got ${describe(value)}`, {
    hint: `write it as { type: ${check.type}, value: "…" }`,
  });
}

/** The check's `value` as a non-empty list of strings (a single string is a list of one): paths, skill names. */
export function stringListValue(check: Check): string[] {
  const { value } = check;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value;
  return [stringValue(check)];
}

/**
 * The value of a text-list check (`contains-any` …) as a list of strings, as promptfoo reads it: a list (numbers as
 * written; empty only as a list), or a comma-separated string of at least one item (see {@link commaList}).
 */
export function textListValue(check: Check): string[] {
  const { value } = check;
  let items: unknown[] | undefined;
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'string') {
    try {
      items = commaList(value);
    } catch (error) {
      throw new SkillEvalError('BAD_INPUT', `check "${check.type}" value: ${(error as Error).message}`, {
        hint: 'quote an item that holds a comma, "like, this", and close every quote',
      });
    }
  }
  const strings = items?.filter((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
  // An empty list only as a list: promptfoo's reading of a comma string of no item (see @skill-eval/checks' textList).
  const listed = Array.isArray(value) || (items !== undefined && items.length > 0);
  if (items && listed && strings?.length === items.length) return strings.map(String);
  throw new SkillEvalError('BAD_INPUT', `check "${check.type}" needs a list of strings, got ${describe(value)}`, {
    hint: `write it as { type: ${check.type}, value: [a, b] } or value: "a, b"`,
  });
}

/**
 * The value of a text check (`contains`, `starts-with`, `regex` …): a non-empty string, or a number as written.
 * promptfoo refuses an empty one rather than let it match every answer.
 */
export function textValue(check: Check): string {
  const text = stringValue(check);
  if (text !== '') return text;
  throw new SkillEvalError('BAD_INPUT', `check "${check.type}" has an empty value, which every answer would match`, {
    hint: `give ${check.type} the text to look for`,
  });
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return typeof value;
}

/** A numeric parameter of the check (`value`, `max`, …); numeric strings are accepted as written. */
export function numberParam(check: Check, key: string): number {
  const raw = check[key];
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n === 'number' && Number.isFinite(n)) return n;
  throw new SkillEvalError('BAD_INPUT', `check "${check.type}" needs a number ${key}, got ${describe(raw)}`, {
    hint: `write it as { type: ${check.type}, ${key}: 123 }`,
  });
}

/** A string parameter of the check other than `value` (`path`, `golden`, …). */
export function stringParam(check: Check, key: string): string {
  const raw = check[key];
  if (typeof raw === 'string' && raw !== '') return raw;
  throw new SkillEvalError('BAD_INPUT', `check "${check.type}" needs a string ${key}, got ${describe(raw)}`, {
    hint: `write it as { type: ${check.type}, ${key}: "…" }`,
  });
}
