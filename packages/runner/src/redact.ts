import { redactText } from '@skill-eval/core';

export type Redactor = <T>(value: T) => T;

/** A function that deep-copies a JSON-like value with every secret replaced in strings and keys. */
export function createRedactor(secrets: readonly string[]): Redactor {
  const text = (s: string): string => redactText(s, secrets);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), walk(v)]));
    }
    return value;
  };
  return secrets.length === 0 ? (value) => value : (value) => walk(value) as typeof value;
}
