import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id like the real APIs use (`msg_…`, `toolu_…`, `call_…`), unique per call. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** Seconds since the epoch, as OpenAI's `created` fields. */
export function unixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
