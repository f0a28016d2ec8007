import { type ParsedYaml, parseYaml } from '@skill-eval/format-kit';
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

/**
 * The YAML as plain data, or why it cannot be made, where in the file: an alias that names no anchor set before it
 * (or one that expands past the parser's limit) — which Claude Code's YAML reader refuses as well.
 */
export function yamlData(source: YamlInFile): { data: unknown } | { refused: string; at: Where } {
  try {
    return { data: source.yaml.toJS() };
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
}

/** Where the node at `path` starts, in the file's own lines; the file's start of the YAML when unknown. */
export function whereIn(source: YamlInFile, path: readonly PropertyKey[]): Where {
  const position = source.yaml.positionAtPath(path);
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
