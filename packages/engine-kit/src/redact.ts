import { redactText, secretValues } from '@skill-eval/core';

/** A function that replaces every secret value of `env` in a text with `[REDACTED]`. */
export function makeRedactor(env: Record<string, string>): (text: string) => string {
  const secrets = secretValues(env);
  return secrets.length === 0 ? (text) => text : (text) => redactText(text, secrets);
}
