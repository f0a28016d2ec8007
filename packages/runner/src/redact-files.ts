import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { REDACTED } from '@skill-eval/core';

const REPLACEMENT = Buffer.from(REDACTED);

/**
 * Replaces every secret in the files below `dir` — what an engine, a setup command or the artifact globs wrote there
 * as it was (raw transcripts, logs, collected files) — by `[REDACTED]`, as the results and transcripts are. A secret
 * is also looked for as JSON writes it inside a string. Files are read in chunks, and rewritten only when they hold
 * one, so large artifacts without secrets cost one read. A file that cannot be redacted is removed.
 */
export async function redactFiles(dir: string, secrets: readonly string[]): Promise<void> {
  if (secrets.length === 0) return;
  const patterns = secretPatterns(secrets);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    try {
      if (await holdsAny(file, patterns)) await rewrite(file, patterns);
    } catch {
      // A file that cannot be read or written again cannot be kept with a secret in it.
      await rm(file, { force: true });
    }
  }
}

/** The bytes to look for: each secret, and its JSON-escaped form where that differs; longest first. */
function secretPatterns(secrets: readonly string[]): Buffer[] {
  const forms = new Set(secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]));
  return [...forms].map((form) => Buffer.from(form)).sort((a, b) => b.length - a.length);
}

async function holdsAny(file: string, patterns: readonly Buffer[]): Promise<boolean> {
  const overlap = patterns[0]!.length - 1;
  let tail: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(file)) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    if (patterns.some((pattern) => window.includes(pattern))) return true;
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return false;
}

/** Writes the file again, secrets replaced, through a temporary file beside it. */
async function rewrite(file: string, patterns: readonly Buffer[]): Promise<void> {
  const temp = `${file}.redacting`;
  const out = createWriteStream(temp);
  try {
    let pending: Buffer = Buffer.alloc(0);
    for await (const chunk of createReadStream(file)) {
      pending = Buffer.concat([pending, chunk as Buffer]);
      const { parts, rest } = replaceSecrets(pending, patterns, false);
      for (const part of parts) if (!out.write(part)) await once(out, 'drain');
      pending = rest;
    }
    for (const part of replaceSecrets(pending, patterns, true).parts) out.write(part);
    out.end();
    await finished(out);
    await rename(temp, file);
  } catch (error) {
    out.destroy();
    await rm(temp, { force: true });
    throw error;
  }
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
