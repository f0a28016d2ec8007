/** Names of environment variables whose values are secrets. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;
/** Shorter values are left alone: replacing every "1" or "on" would wreck transcripts and hide nothing. */
const MIN_SECRET_LENGTH = 4;
/**
 * A secret shorter than this is replaced only where it stands alone (not inside a word): a local server's dummy key
 * `test` must not turn "tests" into "[REDACTED]s" in every prompt and case name. Real API keys are far longer.
 */
const WHOLE_WORD_BELOW = 16;
export const REDACTED = '[REDACTED]';

/** Values of the variables in `env` whose names look like secrets, longest first (so a secret containing another goes whole). */
export function secretValues(env: Record<string, string | undefined>): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value && value.length >= MIN_SECRET_LENGTH && SECRET_NAME.test(name)) values.add(value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

const standAlone = new Map<string, RegExp>();

/** A short secret where no letter, digit or underscore touches it on either side. */
function standingAlone(secret: string): RegExp {
  let pattern = standAlone.get(secret);
  if (!pattern) {
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'gu');
    standAlone.set(secret, pattern);
  }
  return pattern;
}

/** `text` with every secret replaced by `[REDACTED]` (a short one only where it stands alone). */
export function redactText(text: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (out, secret) =>
      !out.includes(secret)
        ? out
        : secret.length >= WHOLE_WORD_BELOW
          ? out.replaceAll(secret, REDACTED)
          : out.replace(standingAlone(secret), REDACTED),
    text,
  );
}
