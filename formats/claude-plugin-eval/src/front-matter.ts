/** A prose case file (`prompt.md`, `graders/<name>.md`) split as Claude Code splits it. */
export interface FrontMatterSplit {
  /** The file opens with front matter that closes. */
  hadFrontMatter: boolean;
  /** The file opens with `---` but no closing `---` follows: Claude Code refuses it. */
  unterminated: boolean;
  /** The YAML text between the fences. */
  yaml: string;
  /** 1-based line of the YAML text's first line in the file. */
  yamlLine: number;
  /** The Markdown after the front matter (the whole text when there is none). */
  body: string;
}

/*
 * Claude Code 2.1.330 splits with `KD=/^---\s*\n([\s\S]*?)---\s*\n?/` (binary string `KD=/^---\s*\n([\s\S]*?)---`),
 * after `xR(e)` (taken here to strip a byte-order mark), and calls an opening `---` without a match
 * "unterminated frontmatter (opening \"---\" with no closing \"---\")".
 */
const FENCE = /^---\s*\n([\s\S]*?)---\s*\n?/;
const OPENING = /^---\s*\n/;

/** Splits `text` into front matter and body the way `claude plugin eval` does. */
export function splitFrontMatter(text: string): FrontMatterSplit {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const match = FENCE.exec(source);
  if (!match) {
    return { hadFrontMatter: false, unterminated: OPENING.test(source), yaml: '', yamlLine: 1, body: source };
  }
  // The YAML starts after the opening fence, whose greedy `\s*\n` may also have taken blank lines.
  const yamlLine = (OPENING.exec(source)?.[0] ?? '---\n').split('\n').length;
  return {
    hadFrontMatter: true,
    unterminated: false,
    yaml: match[1] ?? '',
    yamlLine,
    body: source.slice(match[0].length),
  };
}
