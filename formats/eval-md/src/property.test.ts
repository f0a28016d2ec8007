import { mutatedText } from '@skill-eval/testing';
import { corpusFiles, readCorpus } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectEvalMd } from './detect.js';
import { readEvalMd } from './load-eval-md.js';
import { loadMarkdownParser, type MarkdownParser } from './parse-markdown.js';
import { writeEvalMd } from './write-eval-md.js';

let parse: MarkdownParser;
beforeAll(async () => {
  parse = await loadMarkdownParser();
});

const FILE = '/nonexistent-skill-eval-test/EVAL.md';
const texts = corpusFiles('skillkit-eval-md/').map(readCorpus);

/** Loading, detecting and writing never throw, and every diagnostic can be shown at a line and column. */
function wellBehaved(text: string): void {
  const { suites, diagnostics } = readEvalMd(FILE, text, parse);
  for (const d of diagnostics) {
    expect(d.line, d.message).toBeGreaterThanOrEqual(1);
    expect(d.column, d.message).toBeGreaterThanOrEqual(1);
  }
  for (const c of suites.flatMap((s) => s.cases)) expect(c.turns[0]!.trim()).not.toBe('');
  expect(detectEvalMd(FILE, text)).toBeGreaterThanOrEqual(0);
  for (const suite of suites) expect(writeEvalMd(suite).files).toHaveLength(1);
}

// Pieces that steer random text toward the structures the reader cares about.
const piece = fc.constantFrom(
  '---\n',
  '## case\n',
  '### Prompt\n',
  '### Expect\n',
  '# Expect\n',
  '```\n',
  '~~~\n',
  '<div>\n',
  'text\n',
  '\r\n',
  '\n',
  'tools: [a\n',
  '  - x\n',
  '\uFEFF',
);

describe('property: never throws, always positions', () => {
  it('random strings and random Markdown pieces', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), wellBehaved), { numRuns: 150 });
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 12 })), { maxLength: 40 }), (parts) =>
        wellBehaved(parts.join('')),
      ),
      { numRuns: 250 },
    );
  });

  it('corpus files mutated by deletions, insertions and truncations', () => {
    fc.assert(
      fc.property(mutatedText(texts, ['## ', '### Prompt\n', '### Expect\n', '```\n', '---\n', '\r\n']), wellBehaved),
      { numRuns: 300 },
    );
  });
});
