import { readFileSync } from 'node:fs';
import { corpusFiles, corpusPath, WILD } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import type { Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvalMd, readEvalMd } from './load-eval-md.js';
import { outline } from './outline.js';
import { loadMarkdownParser, type MarkdownParser } from './parse-markdown.js';
import { parseSimpleMarkdown } from './parse-simple-markdown.js';
import { splitFrontmatter } from './split-frontmatter.js';

let parse: MarkdownParser;
beforeAll(async () => {
  parse = await loadMarkdownParser();
});

const FILE = '/nonexistent-skill-eval-test/EVAL.md';

/** What the reader takes from the tree: each top-level node's type and offsets, and each heading's depth and text. */
const shape = (root: Root) =>
  root.children.map((node) => ({
    type: node.type,
    start: node.position?.start.offset,
    end: node.position?.end.offset,
    ...(node.type === 'heading'
      ? {
          depth: node.depth,
          text: textOf(node),
          from: node.children[0]?.position?.start.offset,
          to: node.children.at(-1)?.position?.end.offset,
        }
      : {}),
  }));

/** Whenever the simple reader takes a text, the CommonMark parser must see the same structure. */
function expectSameAsParser(text: string): boolean {
  const simple = parseSimpleMarkdown(text);
  if (!simple) return false;
  const full = parse(text);
  expect(shape(simple), text).toEqual(shape(full));
  expect(outline(simple, text, 0), text).toEqual(outline(full, text, 0));
  return true;
}

// Lines of EVAL.md files, and lines that open other Markdown blocks or need inline parsing.
const line = fc.constantFrom(
  '',
  '',
  '## case 1',
  '### Prompt',
  '### Expect',
  '# Title',
  '#### Expect',
  '##   spaced  heading',
  '## C# code',
  '###### six',
  'Review the function.',
  'The review is a numbered list.',
  'Ünïcode words',
  'Prompt',
  '####### seven',
  '##',
  '## closed ##',
  '## a *b*',
  '## Pr&#111;mpt',
  '#hash',
  '===',
  '---',
  '- item',
  '1. one',
  '> quote',
  '    indented',
  '```',
  '<div>',
  '[x]: /url',
  'trailing ',
  ' leading',
  'tab\there',
  'a\r',
);

describe('parseSimpleMarkdown', () => {
  it('reads headings, paragraphs and empty lines as the CommonMark parser does', () => {
    const text =
      '## case 1\n### Prompt\nReview function number 1.\nIt has two lines.\n\n### Expect\nA list.\n\n\n## case 2';
    expect(expectSameAsParser(text)).toBe(true);
  });

  it('leaves anything else to the parser: other blocks, inline markup in headings, indentation, tabs, CRLF', () => {
    for (const text of [
      '## a *b*\n',
      '## x ##\n',
      '- item\n',
      'a\n===\n',
      '```\ncode\n```\n',
      '  indented\n',
      'trailing \n',
      'a\r\n',
      '[x]: /u\n',
      '1. one\n',
      '<div>\n',
    ])
      expect(parseSimpleMarkdown(text), JSON.stringify(text)).toBeUndefined();
  });

  it('property: whenever it reads a text, the parser sees the same structure', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 14 }), fc.boolean(), (lines, newline) => {
        expectSameAsParser(lines.join('\n') + (newline ? '\n' : ''));
      }),
      { numRuns: 3000 },
    );
  });

  it('loads every Markdown file of the corpus (wild folders too) as the parser alone does', async () => {
    const files = [...corpusFiles(), ...corpusFiles(WILD)].filter((file) => /\.md$/i.test(file)).map(corpusPath);
    let simple = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const split = splitFrontmatter(text);
      if (expectSameAsParser(text.slice(split.closed ? split.bodyOffset : split.bom ? 1 : 0))) simple++;
      expect(await loadEvalMd(file, text), file).toEqual(readEvalMd(file, text, parse));
    }
    // The fast path is exercised by real files, not only by generated ones.
    expect(simple).toBeGreaterThan(0);
  });

  it('loads a generated suite of plain cases as the parser alone does', async () => {
    const text = Array.from(
      { length: 30 },
      (_, i) => `## case ${i + 1}\n### Prompt\nReview function number ${i + 1}.\n\n### Expect\nThe review is a list.\n`,
    ).join('\n');
    expect(parseSimpleMarkdown(text)).toBeDefined();
    const loaded = await loadEvalMd(FILE, text);
    expect(loaded.suites[0]?.cases).toHaveLength(30);
    expect(loaded).toEqual(readEvalMd(FILE, text, parse));
  });
});
