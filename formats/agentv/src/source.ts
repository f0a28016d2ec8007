import {
  type At,
  DiagnosticSink,
  type DocPath,
  type PathSource,
  type Position,
  parseYaml,
  positionAt,
  reportAtPosition,
  yamlPathSource,
} from '@skill-eval/format-kit';
import { jsonPathSource, parseStrictJson } from '@skill-eval/format-kit/json-path-source';

export { type At, type DocPath, reportAtPosition };

/**
 * One file read by the loader (the eval file, or a tests/default_test/prompts file it references):
 * its plain value, positions of every node, and the diagnostics found in it.
 */
export type Source = PathSource;

const FORMAT_ID = 'agentv';

/**
 * Parses a YAML (or JSON) document; syntax errors go to the source's sink. Merge keys are merged, as AgentV's YAML
 * reader merges them at 4.42.4 and 5 alike: `parseYamlValue` is the yaml library's `parse` with `{ merge: true }`
 * (evaluation/yaml-loader.ts; @agentv/core 4.42.4 dist/index.cjs:3335-3346, AgentV 5's bundle load-tests.mjs:23676-23684).
 */
export const yamlSource = (file: string, text: string): Source =>
  yamlPathSource(file, text, FORMAT_ID, { mergeKeys: "AgentV's YAML reader" });

/**
 * Parses a JSON case file as AgentV 5 reads one (case-file-loader.ts `parseJsonCases`): `JSON.parse` of the whole
 * file — strict JSON, so what only YAML reads is an error where strict parsing stops; of keys given twice the last
 * counts. A blank file is an empty one (AgentV skips it with a warning).
 */
export function jsonSource(file: string, text: string): Source {
  if (text.trim() === '') return yamlSource(file, text);
  return jsonPathSource(file, text, FORMAT_ID, 'AgentV reads a .json case file with JSON.parse.');
}

/** One non-empty line of a JSONL file, read again as YAML only when a diagnostic needs a position inside it. */
class JsonLine {
  private yaml: ReturnType<typeof parseYaml> | undefined;
  constructor(
    /** Its line number, 1-based. */
    readonly line: number,
    private readonly text: string,
    /** The whitespace before it on its line, which positions inside it are shifted by. */
    readonly indent: number,
  ) {}

  parsed(): ReturnType<typeof parseYaml> {
    this.yaml ??= parseYaml(this.text);
    return this.yaml;
  }
}

/**
 * Parses JSON Lines as AgentV reads a JSONL case file (case-file-loader.ts `parseJsonlCases`): each line trimmed, an
 * empty one skipped, every other one `JSON.parse`d — strict JSON, so a line YAML would read (`{id: a}`, a comment, an
 * alias, a tag) is an error there as here, and of keys given twice the last counts. Positions inside a line come from
 * reading it again as YAML, where it reads so.
 */
export function jsonlSource(file: string, text: string): Source {
  const lines = text.split(/\r?\n/);
  const docs: JsonLine[] = [];
  const value: unknown[] = [];
  const errors: { line: number; column: number; message: string }[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const indent = raw.indexOf(line);
    docs.push(new JsonLine(i + 1, line, indent));
    const read = parseStrictJson(line);
    if (!read.ok) errors.push({ line: i + 1, column: indent + read.column, message: read.message });
    value.push(read.ok ? read.value : undefined);
  });
  const locate = (at: At): Position | undefined => {
    const [index, ...rest] = at.path;
    const doc = typeof index === 'number' ? docs[index] : undefined;
    if (!doc) return { line: 1, column: 1 };
    const position = positionAt(doc.parsed(), { ...at, path: rest });
    return { line: doc.line, column: doc.indent + position.column };
  };
  const sink = new DiagnosticSink<string, At>(file, FORMAT_ID, locate);
  const source: Source = { file, value, sink, locate };
  for (const e of errors) {
    const message = `${e.message} Each line of a JSONL file is one JSON object, as AgentV reads it (JSON.parse).`;
    reportAtPosition(sink, 'syntax', message, e);
  }
  return source;
}
