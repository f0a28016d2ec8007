import type { Heading, Paragraph, Root, RootContent } from 'mdast';

/** A heading line whose text needs no inline parsing: `## name`, no closing `#`s, no markup characters. */
const HEADING = /^(#{1,6}) +([^\s\\`*_[\]<>!&#](?:[^\\`*_[\]<>!&]*[^\s\\`*_[\]<>!&#])?)$/;
/** A paragraph line that starts no other block: it opens with a letter and has no trailing space. */
const PARAGRAPH = /^\p{L}(?:.*\S)?$/u;

/**
 * Reads Markdown made only of ATX headings with plain text, paragraph lines that open with a letter, and empty
 * lines — what most EVAL.md files are — into the top-level mdast nodes the CommonMark parser would give, with the
 * same offsets, without loading it (the parser reads ~0.3 MB/s). A paragraph keeps its text raw, as one text node:
 * its inline Markdown is not parsed. Returns undefined for anything else: the caller then parses it in full.
 *
 * Why it exists: on `pnpm bench`'s loading workload (its 10 EVAL.md files of 100 cases each, read in one process) it
 * loads them in 69 ms where the remark parser takes 750 ms, plus 350 ms to import remark (2-core Intel Xeon, Node 20.20,
 * load average 22). parse-simple-markdown.test.ts holds it to the parser's structure on every Markdown file of the
 * corpus and on generated texts.
 */
export function parseSimpleMarkdown(text: string): Root | undefined {
  if (/[\r\t\0]/.test(text)) return undefined;
  const children: RootContent[] = [];
  let paragraph: Paragraph | undefined;
  let offset = 0;
  let line = 1;
  for (const raw of text.split('\n')) {
    const start = { line, column: 1, offset };
    const end = { line, column: raw.length + 1, offset: offset + raw.length };
    if (raw === '') {
      paragraph = undefined;
    } else if (raw.startsWith('#')) {
      const match = HEADING.exec(raw);
      if (!match) return undefined;
      const textStart = match[1]!.length + raw.slice(match[1]!.length).search(/\S/);
      const heading: Heading = {
        type: 'heading',
        depth: match[1]!.length as Heading['depth'],
        children: [
          {
            type: 'text',
            value: match[2]!,
            position: { start: { line, column: textStart + 1, offset: offset + textStart }, end },
          },
        ],
        position: { start, end },
      };
      children.push(heading);
      paragraph = undefined;
    } else if (PARAGRAPH.test(raw)) {
      if (paragraph) {
        const text = paragraph.children[0] as { value: string };
        text.value += `\n${raw}`;
        paragraph.position!.end = end;
        paragraph.children[0]!.position!.end = end;
      } else {
        paragraph = {
          type: 'paragraph',
          children: [{ type: 'text', value: raw, position: { start, end } }],
          position: { start, end },
        };
        children.push(paragraph);
      }
    } else return undefined;
    offset += raw.length + 1;
    line++;
  }
  const last = { line: line - 1, column: text.length - text.lastIndexOf('\n'), offset: text.length };
  return { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end: last } };
}
