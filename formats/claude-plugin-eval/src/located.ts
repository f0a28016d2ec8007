import {
  isYamlMap,
  isYamlScalar,
  isYamlSeq,
  type ParsedYaml,
  parseYaml,
  withMergeKeys,
  type YamlNode,
  type YamlProblem,
} from '@skill-eval/format-kit';
import type { Where } from './diagnostics.js';

/** A value read from a case file, with the place it was written. */
export interface Located {
  value: unknown;
  at: Where;
}

/** A YAML text inside a file (a whole case.yaml, or the front matter of a .md starting at `firstLine`). */
export interface YamlInFile {
  file: string;
  yaml: ParsedYaml;
  /** 1-based line of the YAML text's first line in the file. */
  firstLine: number;
}

export function parseYamlInFile(file: string, text: string, firstLine = 1): YamlInFile {
  return { file, yaml: parseYaml(text), firstLine };
}

/*
 * Claude Code reads case.yaml and front matter with Bun's YAML parser (binary: `function H7(e){return
 * Bun.YAML.parse(e)}`, called by `async function Rd(e)` for case.yaml), which differs from the yaml library's YAML 1.2
 * reading in the ways packages/cli/src/e2e/claude-plugin-eval-readings.e2e.test.ts shows with the binary itself: a key
 * given twice in a map keeps its last value, merge keys (`<<: *base`) are merged, and a quoted value with a number or
 * boolean tag stays text.
 */

/** The syntax errors that stop Claude Code's reader: every error of the parse but a key given twice. */
export function syntaxErrors(source: YamlInFile): YamlProblem[] {
  return source.yaml.errors.filter((e) => e.code !== 'DUPLICATE_KEY');
}

/** Keys given twice in their map, where the later one is written: Claude Code's reader keeps the later value. */
export function repeatedKeys(source: YamlInFile): Where[] {
  return source.yaml.errors
    .filter((e) => e.code === 'DUPLICATE_KEY')
    .map((e) => ({ file: source.file, line: e.line + source.firstLine - 1, column: e.column }));
}

/**
 * The YAML as plain data, as Claude Code's reader gives it (a repeated key's last value, merge keys merged), or why
 * it cannot be made, where in the file: an alias that names no anchor set before it (or one that expands past the
 * parser's limit) — which Claude Code's reader refuses as well.
 */
export function yamlData(source: YamlInFile): { data: unknown } | { refused: string; at: Where } {
  let data: unknown;
  try {
    data = source.yaml.toJS();
  } catch (error) {
    const { line, column } = error as { line?: number; column?: number };
    const at: Where =
      line !== undefined && column !== undefined
        ? { file: source.file, line: line + source.firstLine - 1, column }
        : { file: source.file, line: source.firstLine, column: 1 };
    return {
      refused: `${(error as Error).message}; set the anchor (&name) before the alias, or write the value itself`,
      at,
    };
  }
  keepQuotedText(source.yaml.doc.contents, data, (text) => (data = text));
  // Merged as Bun's reader merges (merge-keys.ts): what it cannot merge stays, or is passed over, never refused.
  return { data: withMergeKeys(data, { scalarStays: true }).value };
}

/** The core tags that make a value other than text. */
const NOT_TEXT = new Set(['tag:yaml.org,2002:int', 'tag:yaml.org,2002:float', 'tag:yaml.org,2002:bool']);

/**
 * A quoted value given one of those tags (`runs: !!int "2"`) stays the text it quotes, as Bun's reader keeps it (the
 * yaml library makes it the number): walks `node` (a YAML node) beside `value` (its plain data) and puts the text back
 * through `set`. A key given twice: its last value, the one the data holds.
 */
function keepQuotedText(node: unknown, value: unknown, set: (text: unknown) => void): void {
  if (isYamlScalar(node)) {
    const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
    if (quoted && NOT_TEXT.has(node.tag ?? '')) set(node.source);
  } else if (isYamlMap(node) && isPlainMap(value)) {
    const last = new Map<string, unknown>();
    for (const pair of node.items) if (isYamlScalar(pair.key)) last.set(String(pair.key.value), pair.value);
    for (const [key, inner] of last) keepQuotedText(inner, value[key], (text) => (value[key] = text));
  } else if (isYamlSeq(node) && Array.isArray(value)) {
    node.items.forEach((item, i) => {
      keepQuotedText(item, value[i], (text) => (value[i] = text));
    });
  }
}

/**
 * Where the node at `path` starts, in the file's own lines: of a key given twice, the last (the value that counts); of
 * a key a merge brought in, the map it joined; the file's start of the YAML when unknown.
 */
export function whereIn(source: YamlInFile, path: readonly PropertyKey[]): Where {
  let node: YamlNode | null | undefined = source.yaml.doc.contents as YamlNode | null;
  let found = node;
  for (const step of path) {
    if (isYamlMap(node)) {
      const pair = node.items.findLast((item) => isYamlScalar(item.key) && String(item.key.value) === String(step));
      node = pair?.value as YamlNode | null | undefined;
    } else if (isYamlSeq(node) && typeof step === 'number') node = node.items[step] as YamlNode | undefined;
    else node = undefined;
    if (!node) break;
    found = node;
  }
  const position = source.yaml.positionOf(found);
  if (!position) return { file: source.file, line: source.firstLine, column: 1 };
  return { file: source.file, line: position.line + source.firstLine - 1, column: position.column };
}

/** The entries of the map `value` (read from `source` at `path`), each with where it was written. */
export function locatedEntries(
  value: Record<string, unknown>,
  source: YamlInFile,
  path: readonly PropertyKey[],
): Record<string, Located> {
  const entries: Record<string, Located> = {};
  for (const [key, entry] of Object.entries(value)) {
    entries[key] = { value: entry, at: whereIn(source, [...path, key]) };
  }
  return entries;
}

export const isPlainMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
