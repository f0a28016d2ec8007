import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '@skill-eval/core';

/** An eval file's text, or why it cannot be read as text: every format's own tool reads UTF-8. */
export type EvalText = { text: string } | { problem: Omit<Diagnostic, 'file'> };

/**
 * Reads an eval file as UTF-8 (a UTF-8 byte order mark is kept for the formats, which skip it). A file in another
 * encoding is refused at its first byte that is not UTF-8, rather than read with that byte turned into U+FFFD: the
 * prompt or criterion would change silently, where skill-creator, Skillet and the others stop with a decode error.
 * Synchronous: eval files are small, and a thread-pool round trip per file costs more than the read.
 */
export function readEvalText(file: string): EvalText {
  const bytes = readFileSync(file);
  if (isUtf8(bytes)) {
    // NUL is valid UTF-8 but no eval format's text holds one: the file is binary, or UTF-16 without a byte order mark.
    const nul = bytes.indexOf(0);
    if (nul === -1) return { text: bytes.toString('utf8') };
    return {
      problem: {
        severity: 'error',
        ruleId: 'discovery/not-utf8',
        ...positionOf(bytes, nul),
        message:
          'The file holds a NUL byte: it is binary, or UTF-16 without a byte order mark, not UTF-8 text; save it as UTF-8.',
      },
    };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return {
      problem: {
        severity: 'error',
        ruleId: 'discovery/not-utf8',
        line: 1,
        column: 1,
        message: 'The file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8.',
      },
    };
  }
  const at = firstInvalidByte(bytes);
  return {
    problem: {
      severity: 'error',
      ruleId: 'discovery/not-utf8',
      ...positionOf(bytes, at),
      message: `Byte 0x${bytes[at]!.toString(16).padStart(2, '0')} is not UTF-8: the file is in another encoding (Latin-1, Windows-1252, …); save it as UTF-8.`,
    },
  };
}

/** Line and column (in characters) of the byte at offset `at`, for a diagnostic that points at it. */
function positionOf(bytes: Buffer, at: number): { line: number; column: number } {
  const lineStart = bytes.lastIndexOf(0x0a, at - 1) + 1;
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < at; i = bytes.indexOf(0x0a, i + 1)) line++;
  return { line, column: bytes.subarray(lineStart, at).toString('utf8').length + 1 };
}

/** Offset of the first byte that starts no valid UTF-8 sequence. */
function firstInvalidByte(bytes: Buffer): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead <= 0xf4 && lead >= 0xf0
              ? 4
              : 0;
    if (length === 0 || at + length > bytes.length || !isUtf8(bytes.subarray(at, at + length))) return at;
    at += length;
  }
  return bytes.length - 1;
}
