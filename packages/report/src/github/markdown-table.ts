// GitHub renders HTML inside Markdown: an agent's answer quoted in a cell (`<details>`, `<table>`, cut off mid-tag
// by truncation) would open elements that swallow or restyle the rest of the summary. As entities it shows as text.
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** A cell's text: pipes escaped, HTML shown as text, line breaks folded, so that one value stays one cell. */
export const markdownCell = (value: string | number): string =>
  String(value)
    .replaceAll('\\', '\\\\')
    .replaceAll('|', '\\|')
    .replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c)
    .replace(/\r?\n/g, ' ');

/** A GitHub-flavoured Markdown table. */
export function markdownTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [line(header), `|${header.map(() => ' --- ').join('|')}|`, ...rows.map(line)].join('\n');
}
