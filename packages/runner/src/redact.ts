/** Names of variables whose values are treated as secrets. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD/i;
/** Shorter values are left alone: replacing every "1" or "on" would wreck transcripts and hide nothing. */
const MIN_SECRET_LENGTH = 4;
export const REDACTED = '[REDACTED]';

/** Values of the variables in `env` whose names look like secrets, longest first. */
export function secretValues(env: Record<string, string | undefined>): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value && value.length >= MIN_SECRET_LENGTH && SECRET_NAME.test(name)) values.add(value);
  }
  // Longest first, so a secret that contains another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

export type Redactor = <T>(value: T) => T;

/** A function that deep-copies a JSON-like value with every secret replaced in strings and keys. */
export function createRedactor(secrets: readonly string[]): Redactor {
  const text = (s: string): string => secrets.reduce((acc, secret) => acc.replaceAll(secret, REDACTED), s);
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
