import { isMap, isScalar, type Node } from 'yaml';
import { DiagnosticSink } from './diagnostic-sink.js';
import type { Position } from './line-index.js';
import { withMergeKeys } from './merge-keys.js';
import { parseYaml } from './parse-yaml.js';

/** A path into a parsed document: map keys and list indexes. */
export type DocPath = readonly (string | number)[];

/** Where a diagnostic points: the value at `path`, or its key when `key` is set. */
export interface At {
  path: DocPath;
  key?: boolean;
}

/** One file a format reads: its plain value, the positions of its nodes, and the diagnostics found in it. */
export interface PathSource {
  /** Absolute path. */
  file: string;
  /** The document as plain data (undefined when it could not be parsed). */
  value: unknown;
  sink: DiagnosticSink<string, At>;
  /** Line and column of the node at `path` (or of its key), falling back to the nearest parent. */
  locate(at: At): Position | undefined;
}

/**
 * Parses a YAML (or JSON) document for a format that points its diagnostics by document path: syntax errors go to
 * the source's sink at their own position, and an alias bomb the yaml library refuses to expand is one too. With
 * `mergeKeys` (the tool whose reader merges them, for messages), merge keys are merged as that reader merges them
 * (merge-keys.ts).
 */
export function yamlPathSource(
  file: string,
  text: string,
  formatId: string,
  { mergeKeys }: { mergeKeys?: string } = {},
): PathSource {
  const parsed = parseYaml(text);
  const locate = (at: At): Position => positionAt(parsed, at);
  const sink = new DiagnosticSink<string, At>(file, formatId, locate);
  for (const e of parsed.errors) reportAtPosition(sink, 'syntax', `Invalid YAML: ${e.message}`, e);
  let value: unknown;
  if (parsed.errors.length === 0) {
    try {
      value = parsed.toJS({ maxAliasCount: 1000 });
    } catch (error) {
      sink.error('syntax', `Invalid YAML: ${(error as Error).message.split('\n')[0]}`, { path: [] });
    }
  }
  if (value === undefined || mergeKeys === undefined) return { file, value, sink, locate };
  const merged = withMergeKeys(value);
  for (const path of merged.problems)
    sink.error('syntax', `A merge key (<<) names no map, which ${mergeKeys} refuses: write <<: *anchor of a map.`, {
      path,
    });
  return { file, value: merged.problems.length > 0 ? undefined : merged.value, sink, locate };
}

/**
 * Where `at` points in a parsed document: the node at its path (or its key), else the nearest parent that has a
 * position, else the document's start.
 */
export function positionAt(parsed: ReturnType<typeof parseYaml>, at: At): Position {
  for (let depth = at.path.length; depth >= 0; depth--) {
    const path = at.path.slice(0, depth);
    const wantKey = at.key && depth === at.path.length;
    const position = wantKey ? parsed.positionOf(keyNodeAt(parsed.doc, path)) : parsed.positionAtPath(path);
    if (position) return position;
  }
  return { line: 1, column: 1 };
}

/** The key node of the map entry at `path`, for a diagnostic that points at a key rather than its value. */
export function keyNodeAt(doc: ReturnType<typeof parseYaml>['doc'], path: DocPath): Node | undefined {
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
