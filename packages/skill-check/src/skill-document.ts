import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '@skill-eval/core';
import {
  isYamlMap,
  type ParsedYaml,
  type Position,
  parseYaml,
  type YamlNode,
  yamlKeyNode,
} from '@skill-eval/format-kit';

/** The frontmatter of a SKILL.md, parsed, with positions in the file's own lines. */
export interface SkillFrontmatter {
  /** The YAML as data: a map whose values are what the YAML says (strings, numbers, lists, maps). */
  data: Record<string, unknown>;
  /** The parsed document, for the nodes' positions. */
  parsed: ParsedYaml;
  /** Where the value of `key` starts in SKILL.md, else where its key does; undefined for a key not written. */
  valueAt(key: string): Position | undefined;
  /** Where the key `key` is written in SKILL.md. */
  keyAt(key: string): Position | undefined;
}

/** One skill folder as the rules read it: its SKILL.md split into frontmatter and body. */
export interface SkillDocument {
  /** The skill folder. */
  dir: string;
  /** Its SKILL.md. */
  file: string;
  /** SKILL.md's whole text, without a byte-order mark. */
  text: string;
  /** Undefined when the file has none, or YAML that does not parse into a map (a diagnostic says which). */
  frontmatter?: SkillFrontmatter;
  /** The Markdown after the frontmatter (the whole text when there is none). */
  body: string;
  /** The 1-based line of SKILL.md the body starts on. */
  bodyLine: number;
}

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*\r?$/m;

/**
 * Reads a skill folder's SKILL.md. Frontmatter is the YAML between an opening `---` line and the next `---` line, as
 * the specification writes it (specification.mdx:21, 37-42) and the validators find it (quick_validate.py:23-29,
 * parser.py:42-47). A missing or broken frontmatter is a diagnostic; the body is still read so its rules still run.
 */
export function readSkillDocument(dir: string): { document: SkillDocument; diagnostics: Diagnostic[] } {
  const file = join(dir, 'SKILL.md');
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const diagnostics: Diagnostic[] = [];
  const opening = OPENING.exec(text);
  const closing = opening ? CLOSING.exec(text.slice(opening[0].length)) : null;
  if (!opening || !closing) {
    diagnostics.push({
      severity: 'error',
      ruleId: 'skill/no-frontmatter',
      file,
      line: 1,
      column: 1,
      message: opening
        ? 'The frontmatter opened by `---` on line 1 is never closed: end it with a line holding only `---`, before the instructions.'
        : 'SKILL.md starts without frontmatter: begin it with a `---` line, then `name:` and `description:`, then a closing `---` line (the Agent Skills specification requires them).',
    });
    return { document: { dir, file, text, body: text, bodyLine: 1 }, diagnostics };
  }
  const yamlStart = opening[0].length;
  const yaml = text.slice(yamlStart, yamlStart + closing.index);
  const afterClosing = yamlStart + closing.index + closing[0].length;
  const body = text.slice(afterClosing).replace(/^\n/, '');
  const bodyLine = lineOf(text, afterClosing) + (text[afterClosing] === '\n' ? 1 : 0);
  // The YAML's line 1 is the file's line 2 (after the opening fence).
  const inFile = (position: Position | undefined): Position | undefined =>
    position && { line: position.line + 1, column: position.column };
  const parsed = parseYaml(yaml);
  if (parsed.errors.length > 0) {
    for (const problem of parsed.errors)
      diagnostics.push({
        severity: 'error',
        ruleId: 'skill/frontmatter-syntax',
        file,
        ...inFile(problem),
        message: `The frontmatter is not valid YAML (${problem.message}); Claude Code ignores the whole frontmatter then, and Codex does not load the skill. A value holding ": " or starting with a quote needs quotes around it.`,
      });
    return { document: { dir, file, text, body, bodyLine }, diagnostics };
  }
  const contents = parsed.doc.contents;
  // An empty frontmatter (`---` twice) holds no key: the rules then say which keys it needs.
  if (contents === null) {
    const none = () => undefined;
    const frontmatter: SkillFrontmatter = { data: {}, parsed, keyAt: none, valueAt: none };
    return { document: { dir, file, text, frontmatter, body, bodyLine }, diagnostics };
  }
  if (!isYamlMap(contents)) {
    diagnostics.push({
      severity: 'error',
      ruleId: 'skill/frontmatter-not-a-map',
      file,
      line: 2,
      column: 1,
      message:
        'The frontmatter is not a map of keys: write it as `name: …` and `description: …` lines (quick_validate.py and skills-ref refuse anything else).',
    });
    return { document: { dir, file, text, body, bodyLine }, diagnostics };
  }
  const data = parsed.toJS() as Record<string, unknown>;
  const frontmatter: SkillFrontmatter = {
    data,
    parsed,
    keyAt: (key) => inFile(parsed.positionOf(yamlKeyNode(contents, key))),
    valueAt: (key) => {
      const pair = contents.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
      return inFile(parsed.positionOf((pair?.value ?? pair?.key) as YamlNode | undefined));
    },
  };
  return { document: { dir, file, text, frontmatter, body, bodyLine }, diagnostics };
}

/** The 1-based line of an offset in a text. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
