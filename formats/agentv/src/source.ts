import {
  type At,
  DiagnosticSink,
  type DocPath,
  keyNodeAt,
  type PathSource,
  type Position,
  parseYaml,
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
      const position = wantKey
        ? doc.parsed.positionOf(keyNodeAt(doc.parsed.doc, path))
        : doc.parsed.positionAtPath(path);
      if (position) return { line: doc.line, column: position.column };
    }
    return { line: doc.line, column: 1 };
  };
  const sink = new DiagnosticSink<string, At>(file, FORMAT_ID, locate);
  const source: Source = { file, value, sink, locate };
  for (const e of errors) reportAtPosition(sink, 'syntax', `Invalid JSON on line ${e.line}: ${e.message}`, e);
  return source;
}
