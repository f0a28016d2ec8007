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

/** The userinfo of a URL (`http://user:pass@proxy:3128`): a proxy's or a database's password, whatever the name. */
const URL_USERINFO = /^[a-z][a-z0-9+.-]*:\/\/([^/@\s]+)@/i;

/** The password a URL value carries in its userinfo, raw and decoded; none when it has none. */
function urlPasswords(value: string): string[] {
  const userinfo = URL_USERINFO.exec(value.trim())?.[1];
  const colon = userinfo?.indexOf(':') ?? -1;
  if (!userinfo || colon < 0) return [];
  const raw = userinfo.slice(colon + 1);
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the password is redacted as it is written.
  }
  return [raw, decoded].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}

/**
 * Values of the variables in `env` whose names look like secrets, and the passwords inside URL values (a proxy's),
 * longest first (so a secret containing another goes whole).
 */
export function secretValues(env: Record<string, string | undefined>): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (value.length >= MIN_SECRET_LENGTH && SECRET_NAME.test(name)) values.add(value);
    for (const password of urlPasswords(value)) values.add(password);
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

/**
 * Whether JSON text as JSON.stringify writes it can hold one of `secrets` in a string or a key. JSON.stringify escapes
 * character by character, so a string holding a secret holds the secret's escaped form in the text: where no secret's
 * escaped form occurs, redacting the parsed value changes nothing, and the text can be written as it is.
 */
export function jsonMayHoldSecret(json: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => json.includes(JSON.stringify(secret).slice(1, -1)));
}

/** A piece of a text as redaction sees it: plain text, or a secret it replaces. */
export type SecretPart = string | { secret: string };

/**
 * `text` cut into plain pieces and the secrets {@link redactText} replaces, in order (joining them with each secret
 * as `[REDACTED]` gives what it returns): for what must know which secret stood where.
 */
export function secretParts(text: string, secrets: readonly string[]): SecretPart[] {
  let parts: SecretPart[] = [text];
  for (const secret of secrets) {
    parts = parts.flatMap((part) => (typeof part === 'string' && part.includes(secret) ? cut(part, secret) : [part]));
  }
  return parts.filter((part) => part !== '');
}

function cut(text: string, secret: string): SecretPart[] {
  const parts: SecretPart[] = [];
  let at = 0;
  for (const index of hitsOf(text, secret)) {
    parts.push(text.slice(at, index), { secret });
    at = index + secret.length;
  }
  parts.push(text.slice(at));
  return parts;
}

/** Where redactText replaces `secret` in `text`: everywhere, or where it stands alone when it is short. */
function hitsOf(text: string, secret: string): number[] {
  if (secret.length < WHOLE_WORD_BELOW) return [...text.matchAll(standingAlone(secret))].map((m) => m.index);
  const hits: number[] = [];
  for (let i = text.indexOf(secret); i !== -1; i = text.indexOf(secret, i + secret.length)) hits.push(i);
  return hits;
}
