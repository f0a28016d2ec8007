import { DiagnosticSink, type Position, parseYaml } from '@skill-eval/format-kit';
import { isMap, isScalar, type Node } from 'yaml';

/** A path into a parsed document: map keys and list indexes. */
export type DocPath = readonly (string | number)[];

/** Where a diagnostic points: the value at `path`, or its key when `key` is set. */
export interface At {
  path: DocPath;
  key?: boolean;
}

/**
 * One file read by the loader (the eval file, or a tests/default_test/prompts file it references):
 * its plain value, positions of every node, and the diagnostics found in it.
 */
export interface Source {
  /** Absolute path. */
  file: string;
  /** The document as plain data (undefined when it could not be parsed). */
  value: unknown;
  sink: DiagnosticSink<string, At>;
  /** Line and column of the node at `path` (or of its key), falling back to the nearest parent. */
  locate(at: At): Position | undefined;
}

const FORMAT_ID = 'agentv';

/** Parses a YAML (or JSON) document; syntax errors go to the source's sink. */
export function yamlSource(file: string, text: string): Source {
  const parsed = parseYaml(text);
  const locate = (at: At): Position | undefined => {
    for (let depth = at.path.length; depth >= 0; depth--) {
      const path = at.path.slice(0, depth);
      const wantKey = at.key && depth === at.path.length;
      const position = wantKey ? parsed.positionOf(keyNode(parsed.doc, path)) : parsed.positionAtPath(path);
      if (position) return position;
    }
    return { line: 1, column: 1 };
  };
  const sink = new DiagnosticSink<string, At>(file, FORMAT_ID, locate);
  for (const e of parsed.errors) reportAtPosition(sink, 'syntax', `Invalid YAML: ${e.message}`, e);
  let value: unknown;
  if (parsed.errors.length === 0) {
    try {
      value = parsed.toJS({ maxAliasCount: 1000 });
    } catch (error) {
      // Alias bombs and the like: the yaml library refuses to expand them.
      sink.error('syntax', `Invalid YAML: ${(error as Error).message.split('\n')[0]}`, { path: [] });
    }
  }
  return { file, value, sink, locate };
}

/** Parses JSON Lines: one test object per non-empty line, positioned by line. */
export function jsonlSource(file: string, text: string): Source {
  const lines = text.split(/\r?\n/);
  const docs: { line: number; parsed: ReturnType<typeof parseYaml> }[] = [];
  const value: unknown[] = [];
  const errors: { line: number; column: number; message: string }[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const parsed = parseYaml(line);
    docs.push({ line: i + 1, parsed });
    if (parsed.errors.length > 0) {
      errors.push({ line: i + 1, column: parsed.errors[0]!.column, message: parsed.errors[0]!.message });
      value.push(undefined);
    } else value.push(parsed.toJS());
  });
  const locate = (at: At): Position | undefined => {
    const [index, ...rest] = at.path;
    const doc = typeof index === 'number' ? docs[index] : undefined;
    if (!doc) return { line: 1, column: 1 };
    for (let depth = rest.length; depth >= 0; depth--) {
      const path = rest.slice(0, depth);
      const wantKey = at.key && depth === rest.length;
      const position = wantKey ? doc.parsed.positionOf(keyNode(doc.parsed.doc, path)) : doc.parsed.positionAtPath(path);
      if (position) return { line: doc.line, column: position.column };
    }
    return { line: doc.line, column: 1 };
  };
  const sink = new DiagnosticSink<string, At>(file, FORMAT_ID, locate);
  const source: Source = { file, value, sink, locate };
  for (const e of errors) reportAtPosition(sink, 'syntax', `Invalid JSON on line ${e.line}: ${e.message}`, e);
  return source;
}

function keyNode(doc: ReturnType<typeof parseYaml>['doc'], path: DocPath): Node | undefined {
  if (path.length === 0) return undefined;
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === path.at(-1));
  return (pair?.key ?? undefined) as Node | undefined;
}

/** Reports a problem whose position is already known (a syntax error) rather than a document path. */
export function reportAtPosition(sink: DiagnosticSink<string, At>, rule: string, message: string, position: Position) {
  sink.error(rule, message, { path: [] });
  const last = sink.diagnostics.at(-1)!;
  last.line = position.line;
  last.column = position.column;
}
