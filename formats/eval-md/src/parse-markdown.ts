import type { Root } from 'mdast';

/** Parses Markdown into an mdast tree; offsets are relative to `text`. */
export type MarkdownParser = (text: string) => Root;

let parser: Promise<MarkdownParser> | undefined;

/** The remark parser, imported on first use so that loading the plugin stays cheap. */
export function loadMarkdownParser(): Promise<MarkdownParser> {
  parser ??= Promise.all([import('unified'), import('remark-parse')]).then(
    ([{ unified }, { default: remarkParse }]) => {
      const processor = unified().use(remarkParse);
      return (text: string) => processor.parse(text);
    },
  );
  return parser;
}
