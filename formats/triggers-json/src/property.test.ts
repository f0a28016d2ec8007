import type { LoadResult } from '@skill-eval/core';
import { mutatedText } from '@skill-eval/testing';
import { readCorpus } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectTriggersJson } from './detect.js';
import { loadTriggersJson } from './load-triggers-json.js';
import { triggerFiles } from './test-support/corpus.js';

const FILE = '/nonexistent-skill-eval-test/evals/triggers.json';

/** Loading never throws, and every diagnostic points at a line and column of the text. */
function expectWellFormed(text: string, result: LoadResult) {
  const lines = text.split('\n').length;
  for (const d of result.diagnostics) {
    expect(d.line, d.message).toBeGreaterThanOrEqual(1);
    expect(d.line!, d.message).toBeLessThanOrEqual(lines);
    expect(d.column, d.message).toBeGreaterThanOrEqual(1);
    expect(d.ruleId.startsWith('triggers-json/')).toBe(true);
  }
  for (const c of result.suites.flatMap((s) => s.cases)) expect(c.turns[0]!.trim()).not.toBe('');
}

/** A corpus file with random deletions, insertions and a truncation. */
describe('property: any input', () => {
  it('random text never throws and diagnostics are positioned', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expectWellFormed(text, loadTriggersJson(FILE, text, { skillName: 's' }));
        const confidence = detectTriggersJson(FILE, text);
        expect(confidence).toBeGreaterThanOrEqual(0);
        expect(confidence).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('random JSON values never throw', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expectWellFormed(text, loadTriggersJson(FILE, text));
      }),
      { numRuns: 300 },
    );
  });

  it('mutated corpus files never throw and diagnostics are positioned', () => {
    const texts = triggerFiles().map(readCorpus);
    fc.assert(
      fc.property(mutatedText(texts), (text) => {
        expectWellFormed(text, loadTriggersJson(FILE, text, { skillName: 's' }));
      }),
      { numRuns: 300 },
    );
  });

  it('any list of queries reads back each query, flag and position', () => {
    const query = fc.record({
      query: fc.string({ minLength: 1, maxLength: 40 }).filter((q) => q.trim() !== ''),
      should_trigger: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(query, { minLength: 1, maxLength: 8 }), (items) => {
        const { suites } = loadTriggersJson(FILE, JSON.stringify(items), { skillName: 's' });
        expect(suites[0]!.cases.map((c) => [c.id, c.turns[0], c.shouldTrigger])).toEqual(
          items.map((item, i) => [String(i + 1), item.query, item.should_trigger ?? true]),
        );
      }),
      { numRuns: 200 },
    );
  });
});
