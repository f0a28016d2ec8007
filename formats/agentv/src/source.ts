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

export { type At, type DocPath, reportAtPosition };

/**
 * One file read by the loader (the eval file, or a tests/default_test/prompts file it references):
 * its plain value, positions of every node, and the diagnostics found in it.
 */
export type Source = PathSource;

const FORMAT_ID = 'agentv';

/** Parses a YAML (or JSON) document; syntax errors go to the source's sink. */
export const yamlSource = (file: string, text: string): Source => yamlPathSource(file, text, FORMAT_ID);

/**
 * Where a `JSON.parse` error of `line` points, as a column of its line (1-based; `indent` characters before it): the
 * position its message names (`… at position 12`), the line's end for an unfinished one, else its start.
 */
function jsonErrorColumn(message: string, line: string, indent: number): number {
  const at = /at position (\d+)/.exec(message);
  if (at) return indent + Number(at[1]) + 1;
  return indent + (/end of JSON input/.test(message) ? line.length : 0) + 1;
}

/** The 1-based line and column of `offset` in `text`. */
function positionOfOffset(text: string, offset: number): Position {
  const before = text.slice(0, offset).split(/\r?\n/);
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/**
 * Parses a JSON case file as AgentV 5 reads one (case-file-loader.ts `parseJsonCases`): `JSON.parse` of the whole
 * file — strict JSON, so what only YAML reads is an error, at the position `JSON.parse` stopped; of keys given twice
 * the last counts. A blank file is an empty one (AgentV skips it with a warning). Positions of values come from reading
 * it again as YAML, only when a diagnostic needs one.
 */
export function jsonSource(file: string, text: string): Source {
  let yaml: ReturnType<typeof parseYaml> | undefined;
  const parsed = () => {
    yaml ??= parseYaml(text);
    return yaml;
  };
  const locate = (at: At): Position => positionAt(parsed(), at);
  const sink = new DiagnosticSink<string, At>(file, FORMAT_ID, locate);
  let value: unknown = null;
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      const at = /at position (\d+)/.exec(message);
      const offset = at ? Number(at[1]) : /end of JSON input/.test(message) ? text.trimEnd().length : 0;
      value = undefined;
      reportAtPosition(
        sink,
        'syntax',
        `Invalid JSON: ${message}. AgentV reads a .json case file with JSON.parse: keys and strings in double quotes, no comments.`,
        positionOfOffset(text, offset),
      );
    }
  }
  return { file, value, sink, locate };
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
    docs.push(new JsonLine(i + 1, line, raw.indexOf(line)));
    try {
      value.push(JSON.parse(line));
    } catch (error) {
      const message = (error as Error).message;
      errors.push({ line: i + 1, column: jsonErrorColumn(message, line, raw.indexOf(line)), message });
      value.push(undefined);
    }
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
    const message = `Invalid JSON on line ${e.line}: ${e.message}. Each line of a JSONL file is one JSON object (keys and strings in double quotes, no comments), as AgentV reads it.`;
    reportAtPosition(sink, 'syntax', message, e);
  }
  return source;
}
