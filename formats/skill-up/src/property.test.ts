import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectSkillUp } from './detect.js';
import { loadSkillUp } from './load-skill-up.js';
import { SKILL_UP } from './test-support/corpus.js';

const CORPUS_FILES = [
  'skills/skill-upper/evals/eval.yaml',
  'skills/skill-upper/evals/cases/scaffold-with-user-simulator.yaml',
  'examples/code-stats/evals/eval.yaml',
  'examples/code-stats/evals/cases/exclude-dependencies.yaml',
  'e2e/testdata/trigger-detection/evals/cases/detect-boredom.yaml',
  'e2e/testdata/multi-turn-conversation/evals/cases/multi-turn-refinement.yaml',
].map((relative) => ({ file: SKILL_UP + relative, text: readFileSync(SKILL_UP + relative, 'utf8') }));

/** Loading never throws and every diagnostic is positioned. */
function checkLoad(file: string, text: string): void {
  detectSkillUp(file, text);
  const { diagnostics, suites } = loadSkillUp(file, text);
  for (const d of diagnostics) {
    expect(d.line, d.message).toBeGreaterThanOrEqual(1);
    expect(d.column, d.message).toBeGreaterThanOrEqual(1);
    expect(d.ruleId).toMatch(/^skill-up\/[a-z-]+$/);
  }
  for (const suite of suites) expect(suite.cases.length).toBeGreaterThan(0);
}

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(
      fc.string(),
      fc.constantFrom(': ', '\n  ', '- ', '{', ']', '"', '&a', '*a', '\t', '#', 'judge:', 'type: script', '(?U)'),
    ),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function mutate(text: string, edits: { kind: string; at: number; length?: number; text?: string }[]): string {
  let out = text;
  for (const edit of edits) {
    const at = out.length ? edit.at % (out.length + 1) : 0;
    if (edit.kind === 'delete') out = out.slice(0, at) + out.slice(at + (edit.length ?? 1));
    else if (edit.kind === 'insert') out = out.slice(0, at) + (edit.text ?? '') + out.slice(at);
    else out = out.slice(0, at);
  }
  return out;
}

describe('robustness', () => {
  it('random text never throws, as a suite or as a case file', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        checkLoad('/nonexistent-skill-eval-test/evals/eval.yaml', text);
        checkLoad('/nonexistent-skill-eval-test/evals/cases/x.yaml', text);
      }),
      { numRuns: 150 },
    );
  });

  it('corpus files with random deletions, insertions and truncations never throw', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CORPUS_FILES),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        ({ file, text }, edits) => {
          checkLoad(file, mutate(text, edits));
        },
      ),
      { numRuns: 250 },
    );
  });
});
