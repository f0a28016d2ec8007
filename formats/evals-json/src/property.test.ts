import type { LoadResult } from '@skill-eval/core';
import { mutatedText } from '@skill-eval/testing';
import { corpusFiles, readCorpus } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectEvalsJson } from './detect.js';
import { loadEvalsJson } from './load-evals-json.js';

const FILE = '/nonexistent-skill-eval-test/skill/evals/evals.json';

const TEXTS = ['agent-skills-evals-json/', 'bmad-evals-json/', 'bmad-cases-json/']
  .flatMap((folder) => corpusFiles(folder))
  .filter((file) => file.endsWith('.json'))
  .map(readCorpus);

/** Loading never throws, every diagnostic points inside the text, and every kept case has a prompt. */
function wellBehaved(text: string): void {
  const result: LoadResult = loadEvalsJson(FILE, text, { missingFiles: 'warning' });
  const lines = text.split('\n').length;
  for (const d of result.diagnostics) {
    expect(d.line, d.message).toBeGreaterThanOrEqual(1);
    expect(d.line!, d.message).toBeLessThanOrEqual(lines);
    expect(d.column, d.message).toBeGreaterThanOrEqual(1);
    expect(d.ruleId).toMatch(/^evals-json\/[a-z-]+$/);
  }
  for (const c of result.suites.flatMap((s) => s.cases)) expect(c.turns[0]!.length).toBeGreaterThan(0);
  const confidence = detectEvalsJson(FILE, text);
  expect(confidence >= 0 && confidence <= 1).toBe(true);
}

describe('property: never throws, always positions', () => {
  it('random text and random JSON values', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), wellBehaved), { numRuns: 200 });
    fc.assert(fc.property(fc.json(), wellBehaved), { numRuns: 200 });
  });

  it('corpus files damaged by deletions, insertions and truncations', () => {
    fc.assert(fc.property(mutatedText(TEXTS, ['"', ',', '{', '}', '[', ']', ':', '"id": 1', '\\u']), wellBehaved), {
      numRuns: 300,
    });
  });
});
