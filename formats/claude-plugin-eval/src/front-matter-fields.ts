import type { CaseDiagnostics } from './diagnostics.js';
import type { FrontMatterSplit } from './front-matter.js';
import {
  isPlainMap,
  type Located,
  locatedEntries,
  parseYamlInFile,
  repeatedKeys,
  syntaxErrors,
  type YamlInFile,
  yamlData,
} from './located.js';

/*
 * Claude Code 2.1.330 reads the front matter of every Markdown file of a case with one function (binary `function
 * Zr(e,r)`, its YAML through `H7`, Bun's reader): prompt.md, graders/*.md and the mock responders of mocks/ (`async
 * function hu` calls the same `Zr`). Each is read here the same way.
 */

/**
 * The front matter's fields, each where it was written; undefined when the file has none, null when it cannot be
 * read (diagnosed). `name` is how messages name the file (`prompt.md`, `mocks/tickets/list_tickets.md`).
 */
export function frontMatterFields(
  file: string,
  name: string,
  split: FrontMatterSplit,
  diagnostics: CaseDiagnostics,
): { entries: Record<string, Located> } | null | undefined {
  if (split.unterminated) {
    diagnostics.error(
      'unterminated-front-matter',
      `${name}: unterminated frontmatter (opening "---" with no closing "---"); close it with a "---" line.`,
      { file, line: 1, column: 1 },
    );
    return null;
  }
  if (!split.hadFrontMatter) return undefined;
  const source = parseYamlInFile(file, split.yaml, split.yamlLine);
  const errors = syntaxErrors(source);
  if (errors.length > 0) {
    const e = errors[0]!;
    diagnostics.error('syntax', `${name}: invalid YAML frontmatter: ${e.message}`, {
      file,
      line: e.line + split.yamlLine - 1,
      column: e.column,
    });
    return null;
  }
  warnRepeatedKeys(source, diagnostics);
  const read = yamlData(source);
  if ('refused' in read) {
    diagnostics.error('syntax', `${name}: invalid YAML frontmatter: ${read.refused}`, read.at);
    return null;
  }
  const { data } = read;
  if (data === null || data === undefined) return { entries: {} };
  if (!isPlainMap(data)) {
    diagnostics.error('not-a-map', `${name}: frontmatter must be a YAML object.`, { file, line: split.yamlLine });
    return null;
  }
  return { entries: locatedEntries(data, source, []) };
}

/** A key given twice in a map: Claude Code's reader keeps the later value, and so does skill-eval, saying so. */
export function warnRepeatedKeys(source: YamlInFile, diagnostics: CaseDiagnostics): void {
  for (const at of repeatedKeys(source)) {
    diagnostics.warning(
      'repeated-key',
      'This key is given a second time in its map; Claude Code reads the later value, and so does skill-eval. Remove the one you do not mean.',
      at,
    );
  }
}
