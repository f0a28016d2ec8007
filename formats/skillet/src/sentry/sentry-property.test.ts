import type { LoadResult } from '@skill-eval/core';
import { mutatedText } from '@skill-eval/testing';
import { corpusFiles, readCorpus } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectPositioned } from '../test-support/positioned.js';
import { loadSentryEvalYaml } from './load-sentry-eval-yaml.js';

const FILE = '/nonexistent-skill-eval-test/skill/evals/review.eval.yaml';
const texts = () => corpusFiles('wild/skillet-yaml/getsentry-skillet/').map(readCorpus);

/** Loading never throws, every diagnostic points into the text, and every case read is one core accepts. */
function expectWellFormed(text: string, result: LoadResult) {
  expectPositioned(text, result);
  for (const c of result.suites.flatMap((s) => s.cases)) expect(c.turns.length).toBeGreaterThan(0);
}

describe('property: any getsentry/skillet input', () => {
  it('mutated corpus files never throw and diagnostics are positioned', () => {
    expect(texts().length).toBeGreaterThanOrEqual(3);
    fc.assert(
      fc.property(mutatedText(texts()), (text) => expectWellFormed(text, loadSentryEvalYaml(FILE, text))),
      { numRuns: 300 },
    );
  });

  it('any turns and criteria read back as the conversation and the judged criterion (parser.ts:168-180, 237)', () => {
    const line = fc.string({ minLength: 0, maxLength: 30 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), line, (turns, criteria) => {
        const yaml = [
          'evals:',
          '  - name: n',
          `    turns: ${JSON.stringify(turns)}`,
          `    criteria: ${JSON.stringify(criteria)}`,
        ];
        const { suites } = loadSentryEvalYaml(FILE, yaml.join('\n'));
        const evalCase = suites[0]!.cases[0]!;
        expect(evalCase.turns).toEqual(turns);
        // runner.ts:243: an empty criteria runs no judge.
        expect(evalCase.checks.map((c) => c.value)).toEqual(criteria === '' ? [] : [criteria]);
      }),
      { numRuns: 200 },
    );
  });
});
