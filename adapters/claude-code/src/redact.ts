/** Env names whose values must never reach a transcript or a report. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;
/** Shorter values are too likely to match ordinary text ("1", "true"). */
const MIN_SECRET_LENGTH = 8;

/** A function that replaces every secret value of `env` in a text with `[REDACTED]`. */
export function makeRedactor(env: Record<string, string>): (text: string) => string {
  const secrets = Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && value.length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (text) => text;
  return (text) => secrets.reduce((out, secret) => out.split(secret).join('[REDACTED]'), text);
}
