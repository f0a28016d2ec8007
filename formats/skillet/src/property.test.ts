import type { LoadResult } from '@skill-eval/core';
import { mutatedText } from '@skill-eval/testing';
import { readCorpus } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectSkillet } from './detect.js';
import { loadSkillet } from './load-skillet.js';
import { skilletFiles } from './test-support/corpus.js';
import { expectPositioned } from './test-support/positioned.js';

const FILE = '/nonexistent-skill-eval-test/evals/set/001.yaml';

/** Loading never throws, and every diagnostic points at a line and column of the text. */
function expectWellFormed(text: string, result: LoadResult) {
  expectPositioned(text, result);
  for (const c of result.suites.flatMap((s) => s.cases)) {
    expect(c.turns.length).toBeGreaterThan(0);
    expect(c.turns.every((t) => t.trim() !== '')).toBe(true);
  }
}

/** A corpus file with random deletions, insertions and a truncation. */
describe('property: any input', () => {
  it('random text never throws and diagnostics are positioned', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expectWellFormed(text, loadSkillet(FILE, text));
        const confidence = detectSkillet(FILE, text);
        expect(confidence).toBeGreaterThanOrEqual(0);
        expect(confidence).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('mutated corpus files never throw and diagnostics are positioned', () => {
    const texts = skilletFiles().map(readCorpus);
    fc.assert(
      fc.property(mutatedText(texts), (text) => {
        expectWellFormed(text, loadSkillet(FILE, text));
      }),
      { numRuns: 300 },
    );
  });

  it('any prompt list and expected text read back as turns and the judged criterion', () => {
    const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), text, (turns, expected) => {
        const yaml = [
          'timestamp: 2025-01-15T10:30:00Z',
          'name: n',
          `prompt: ${JSON.stringify(turns)}`,
          `expected: ${JSON.stringify(expected)}`,
        ].join('\n');
        const { suites, diagnostics } = loadSkillet(FILE, yaml);
        expect(diagnostics).toEqual([]);
        expect(suites[0]!.cases[0]!.turns).toEqual(turns);
        expect(suites[0]!.cases[0]!.checks[0]!.value).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});
