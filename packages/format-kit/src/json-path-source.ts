// A document a tool reads with JSON.parse, for a format that reads YAML too (its positions come from the YAML parser):
// apart from both entries, so that neither loads the other's parser for it.
import { DiagnosticSink } from './diagnostic-sink.js';
import { syntaxMessage } from './json-syntax-message.js';
import type { Position } from './line-index.js';
import { parseJson } from './parse-json.js';
import { parseYaml } from './parse-yaml.js';
import { type At, type PathSource, positionAt, reportAtPosition } from './path-source.js';

/** What `JSON.parse` makes of a text: its value, or where and why it refuses the text. */
export type StrictJson = { ok: true; value: unknown } | ({ ok: false; message: string } & Position);

/**
 * `text` read with `JSON.parse`. A text it refuses is positioned and worded as format-kit words JSON errors: at the
 * first syntax error strict parsing finds, else (a text only `JSON.parse` refuses, such as one starting with a
 * byte-order mark) with its own message, at the start.
 */
export function parseStrictJson(text: string): StrictJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const first = parseJson(text).errors[0];
    if (first) return { ok: false, line: first.line, column: first.column, message: syntaxMessage(first.code) };
    return { ok: false, line: 1, column: 1, message: `Invalid JSON: ${(error as Error).message}.` };
  }
}

/**
 * A document a tool reads with `JSON.parse`, for a format that points its diagnostics by document path: the value is
 * `JSON.parse`'s (of keys given twice, the last), a text it refuses one syntax error where strict parsing stops,
 * followed by `reader` (who reads it so). Positions of values come from reading the text again as YAML, when a
 * diagnostic asks.
 */
export function jsonPathSource(file: string, text: string, formatId: string, reader: string): PathSource {
  let yaml: ReturnType<typeof parseYaml> | undefined;
  const locate = (at: At): Position => {
    yaml ??= parseYaml(text);
    return positionAt(yaml, at);
  };
  const sink = new DiagnosticSink<string, At>(file, formatId, locate);
  const read = parseStrictJson(text);
  if (!read.ok) reportAtPosition(sink, 'syntax', `${read.message} ${reader}`, read);
  return { file, value: read.ok ? read.value : undefined, sink, locate };
}
