import { redactText } from '@skill-eval/core';

/**
 * Deep-copies a value with every secret replaced; `inert` when there is no secret to replace (it returns the value).
 * `secrets` are the values it replaces, for what redacts files.
 */
export type Redactor = (<T>(value: T) => T) & { readonly inert: boolean; readonly secrets: readonly string[] };

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
  const redact = secrets.length === 0 ? <T>(value: T) => value : <T>(value: T) => walk(value) as T;
  return Object.assign(redact, { inert: secrets.length === 0, secrets });
}
