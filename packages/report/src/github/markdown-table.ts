// GitHub renders HTML inside Markdown: an agent's answer quoted in a cell (`<details>`, `<table>`, cut off mid-tag
// by truncation) would open elements that swallow or restyle the rest of the summary. As entities it shows as text.
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Every line ending a Markdown renderer or a browser may break a line at: CommonMark's (`\r\n`, a lone `\r`, `\n`)
 * and Unicode's (NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR). One left in a cell ends the table row there, and the rest
 * of the value becomes a line of its own: a heading, a code fence that swallows the rows after it.
 */
const LINE_ENDINGS = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/**
 * The ASCII punctuation that starts inline Markdown in a cell (CommonMark's backslash escapes, and GitHub's): `\`
 * itself, code spans, emphasis and strikethrough, link and image brackets (an image is `![`, so its `[` suffices).
 * `|` is GFM's cell separator. `_` is left alone between two letters or digits (`with_skill`): there it can neither
 * open nor close emphasis.
 */
const INLINE_MARKUP = /[\\`*~[\]|]|_(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])_/gu;

/** GitHub renders `$…$` as math: a pair of dollars in one cell is shown as two dollars (a cost has one). */
const MATH = /\$/g;

/**
 * A cell's text: every line ending folded, HTML shown as text, inline Markdown (links, images, code, emphasis, math)
 * shown as text by backslash escapes, and pipes escaped, so that one value stays one cell of plain text.
 */
export function markdownCell(value: string | number): string {
  const escaped = String(value)
    .replace(LINE_ENDINGS, ' ')
    .replace(INLINE_MARKUP, (c) => `\\${c}`)
    .replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c);
  return (escaped.match(MATH)?.length ?? 0) > 1 ? escaped.replace(MATH, '\\$') : escaped;
}

/** A cell whose Markdown the table writes itself, never from a value: see {@link boldCount}. */
export interface MarkdownMarkup {
  readonly markdown: string;
}

/** A count in bold (the routing matrix's diagonal). */
export const boldCount = (count: number): MarkdownMarkup => ({ markdown: `**${Number(count)}**` });

export type TableCell = string | number | MarkdownMarkup;

const cellText = (cell: TableCell): string => (typeof cell === 'object' ? cell.markdown : markdownCell(cell));

/** A GitHub-flavoured Markdown table: every value is text (see {@link markdownCell}), markup only where typed so. */
export function markdownTable(header: readonly string[], rows: readonly (readonly TableCell[])[]): string {
  const line = (cells: readonly TableCell[]) => `| ${cells.map(cellText).join(' | ')} |`;
  return [line(header), `|${header.map(() => ' --- ').join('|')}|`, ...rows.map(line)].join('\n');
}
