import { REDACTED } from '@skill-eval/core';

/** Keys of the fields a model's streamed events carry its answer in, a piece per event. */
const PIECE_KEYS = new Set(['text', 'partial_json', 'thinking', 'delta', 'content', 'arguments']);

/** One piece of streamed answer: where it sits (an event's JSON, and the path to its string), and its text. */
interface Piece {
  event: Record<string, unknown>;
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  text: string;
}

/**
 * An SSE body with every secret the model streamed in pieces replaced: a secret split over two events (`"sk-"`, then
 * `"fake-123"`) is whole in no string, so replacing strings misses it. The pieces of answer are read in order, the
 * secrets found in their joined text, and each found secret becomes `[REDACTED]` in its first piece and is cut from
 * the rest; the events touched are written again, every other line stays as it came.
 */
export function redactEventStream(body: string, secrets: readonly string[]): string {
  if (secrets.length === 0 || !body.includes('data:')) return body;
  const lines = body.split('\n');
  const events = new Map<number, Record<string, unknown>>();
  const pieces: Piece[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line.startsWith('data:')) continue;
    let event: unknown;
    try {
      event = JSON.parse(line.slice(5));
    } catch {
      continue;
    }
    if (typeof event !== 'object' || event === null) continue;
    events.set(index, event as Record<string, unknown>);
    collectPieces(event as Record<string, unknown>, event as Record<string, unknown>, pieces);
  }
  const touched = cutSecrets(pieces, secrets);
  if (touched.size === 0) return body;
  for (const [index, event] of events) {
    if (touched.has(event)) lines[index] = `data: ${JSON.stringify(event)}`;
  }
  return lines.join('\n');
}

function collectPieces(event: Record<string, unknown>, value: unknown, out: Piece[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item === 'object' && item !== null) collectPieces(event, item, out);
      else if (typeof item === 'string') out.push({ event, holder: value, key: i, text: item });
    });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && PIECE_KEYS.has(key))
      out.push({ event, holder: value as Record<string, unknown>, key, text: item });
    else if (typeof item === 'object' && item !== null) collectPieces(event, item, out);
  }
}

/** Replaces each secret found across the pieces; returns the events whose pieces changed. */
function cutSecrets(pieces: Piece[], secrets: readonly string[]): Set<Record<string, unknown>> {
  const touched = new Set<Record<string, unknown>>();
  const joined = pieces.map((piece) => piece.text).join('');
  // Where each piece starts in the joined text.
  const starts: number[] = [];
  let offset = 0;
  for (const piece of pieces) {
    starts.push(offset);
    offset += piece.text.length;
  }
  const cuts: { from: number; to: number }[] = [];
  for (const secret of secrets) {
    for (let at = joined.indexOf(secret); at !== -1; at = joined.indexOf(secret, at + secret.length)) {
      cuts.push({ from: at, to: at + secret.length });
    }
  }
  if (cuts.length === 0) return touched;
  const texts = pieces.map((piece) => piece.text);
  // Latest first, so that earlier offsets stay true while pieces change.
  cuts.sort((a, b) => b.from - a.from);
  for (const { from, to } of cuts) {
    pieces.forEach((piece, i) => {
      const start = starts[i]!;
      const end = start + piece.text.length;
      if (end <= from || start >= to) return;
      const before = texts[i]!.slice(0, Math.max(0, from - start));
      const after = texts[i]!.slice(Math.max(0, to - start));
      texts[i] = `${before}${start <= from ? REDACTED : ''}${after}`;
    });
  }
  pieces.forEach((piece, i) => {
    if (texts[i] === piece.text) return;
    (piece.holder as Record<string | number, unknown>)[piece.key] = texts[i];
    touched.add(piece.event);
  });
  return touched;
}
