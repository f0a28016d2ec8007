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

/** The check's `value` as a non-empty list of strings (a single string is a list of one). */
export function stringListValue(check: Check): string[] {
  const { value } = check;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value;
  return [stringValue(check)];
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
