import { DiagnosticSink, type Position, parseYaml } from '@skill-eval/format-kit';
import { isMap, isScalar, type Node } from 'yaml';

/** A path into a parsed document: map keys and list indexes. */
export type DocPath = readonly (string | number)[];

/** Where a diagnostic points: the value at `path`, or its key when `key` is set. */
export interface At {
  path: DocPath;
  key?: boolean;
}

/** One file read (the config, or a tests/defaultTest file it names): its data, node positions and diagnostics. */
export interface Source {
  file: string;
  /** The document as plain data (undefined when it could not be parsed). */
  value: unknown;
  sink: DiagnosticSink<string, At>;
  /** Line and column of the node at `path` (or its key), falling back to the nearest parent. */
  locate(at: At): Position | undefined;
}

export const FORMAT_ID = 'promptfoo';

/**
 * Parses a YAML or JSON document as promptfoo does (`loadYaml`, js-yaml, for both: promptfoo 0.123.1
 * `dist/src/index.js` 31275); syntax errors go to the sink of `sink` (the file's own unless given).
 */
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
  for (const e of parsed.errors) {
    sink.error('syntax', `Invalid YAML: ${e.message}`, { path: [] });
    const last = sink.diagnostics.at(-1)!;
    last.line = e.line;
    last.column = e.column;
  }
  let value: unknown;
  if (parsed.errors.length === 0) {
    try {
      value = parsed.toJS({ maxAliasCount: 1000 });
    } catch (error) {
      sink.error('syntax', `Invalid YAML: ${(error as Error).message.split('\n')[0]}`, { path: [] });
    }
  }
  return { file, value, sink, locate };
}

function keyNode(doc: ReturnType<typeof parseYaml>['doc'], path: DocPath): Node | undefined {
  if (path.length === 0) return undefined;
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === path.at(-1));
  return (pair?.key ?? undefined) as Node | undefined;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A short description of a value's type for messages. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return value.trim() === '' ? 'blank' : 'a string';
  return `a ${typeof value}`;
}

export const at = (path: DocPath, ...more: (string | number)[]): At => ({ path: [...path, ...more] });
