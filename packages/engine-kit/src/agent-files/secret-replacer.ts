import { REDACTED } from '@skill-eval/core';

const REPLACEMENT = Buffer.from(REDACTED);

/** The bytes to look for: each secret, and its JSON-escaped form where that differs; longest first. */
export function secretPatterns(secrets: readonly string[]): Buffer[] {
  const forms = new Set(secrets.filter(Boolean).flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]));
  return [...forms].map((form) => Buffer.from(form)).sort((a, b) => b.length - a.length);
}

/**
 * `buffer` with each secret replaced, as parts to write, and the bytes not decided yet: a secret may start in the
 * last bytes and end in the next chunk, so unless this is the end they wait for it.
 */
export function replaceSecrets(
  buffer: Buffer,
  patterns: readonly Buffer[],
  end: boolean,
): { parts: Buffer[]; rest: Buffer } {
  if (patterns.length === 0) return { parts: [buffer], rest: Buffer.alloc(0) };
  const safeEnd = end ? buffer.length : Math.max(0, buffer.length - (patterns[0]!.length - 1));
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    let found = -1;
    let length = 0;
    for (const pattern of patterns) {
      const index = buffer.indexOf(pattern, at);
      // The earliest wins; at the same place the longest (patterns are longest first).
      if (index !== -1 && (found === -1 || index < found)) {
        found = index;
        length = pattern.length;
      }
    }
    if (found === -1 || found >= safeEnd) break;
    parts.push(buffer.subarray(at, found), REPLACEMENT);
    at = found + length;
  }
  const decided = Math.max(at, safeEnd);
  parts.push(buffer.subarray(at, decided));
  return { parts, rest: buffer.subarray(decided) };
}
