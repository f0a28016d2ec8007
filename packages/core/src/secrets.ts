/** Names of environment variables whose values are secrets. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;
/** Shorter values are left alone: replacing every "1" or "on" would wreck transcripts and hide nothing. */
const MIN_SECRET_LENGTH = 4;
export const REDACTED = '[REDACTED]';

/** Values of the variables in `env` whose names look like secrets, longest first (so a secret containing another goes whole). */
export function secretValues(env: Record<string, string | undefined>): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value && value.length >= MIN_SECRET_LENGTH && SECRET_NAME.test(name)) values.add(value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** `text` with every secret replaced by `[REDACTED]`. */
export function redactText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.replaceAll(secret, REDACTED), text);
}
