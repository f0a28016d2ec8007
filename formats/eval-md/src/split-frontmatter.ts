/** Where the frontmatter and the body of an EVAL.md lie. */
export interface FrontmatterSplit {
  /** The file opens with a `---` line (after an optional BOM). */
  opened: boolean;
  /** A closing `---` line was found. */
  closed: boolean;
  /** YAML text between the fences (empty when absent). */
  yaml: string;
  /** Offset of the YAML text in the file. */
  yamlOffset: number;
  /** Offset where the Markdown body starts (after the closing fence, or 0/BOM when there is none). */
  bodyOffset: number;
  /** The opening fence ends in `\r\n`: SkillKit sees no frontmatter then. */
  crlf: boolean;
  /** Only the closing fence ends in `\r\n` (mixed line ends): SkillKit does not see it as the frontmatter's end. */
  closingCr: boolean;
  /** The file starts with a byte-order mark: SkillKit sees no frontmatter then. */
  bom: boolean;
}

/**
 * Finds the frontmatter the way SkillKit does (an opening `---` line, then the first line that is
 * exactly `---`), but also across a BOM and CRLF line ends, which SkillKit misses; the caller warns.
 */
export function splitFrontmatter(text: string): FrontmatterSplit {
  const bom = text.startsWith('\uFEFF');
  const start = bom ? 1 : 0;
  const none = {
    opened: false,
    closed: false,
    yaml: '',
    yamlOffset: start,
    bodyOffset: start,
    crlf: false,
    closingCr: false,
    bom,
  };
  const crlf = text.startsWith('---\r\n', start);
  if (!crlf && !text.startsWith('---\n', start)) return none;
  const yamlOffset = start + (crlf ? 5 : 4);
  let lineStart = yamlOffset;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (line.replace(/\r$/, '') === '---') {
      const closingCr = !crlf && line.endsWith('\r');
      const yaml = text.slice(yamlOffset, Math.max(yamlOffset, lineStart - 1)).replace(/\r$/, '');
      const bodyOffset = newline === -1 ? text.length : newline + 1;
      return { opened: true, closed: true, yaml, yamlOffset, bodyOffset, crlf, closingCr, bom };
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return { ...none, opened: true, crlf };
}
