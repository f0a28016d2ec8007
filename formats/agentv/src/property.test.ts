import { type Case, CaseSchema, type Suite } from '@skill-eval/core';
import { mutatedText } from '@skill-eval/testing';
import { readCorpus } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectAgentv } from './detect.js';
import { loadAgentv } from './load-agentv.js';
import { AGENTV } from './test-support/corpus.js';
import { writeAgentv } from './write-agentv.js';

const FILE = '/nonexistent-skill-eval-test/evals/x.eval.yaml';
const CORPUS_TEXTS = [
  'examples/features/agent-skills-evals/csv-analyzer.EVAL.yaml',
  'examples/features/agent-skills-evals/multi-provider-skill-use.EVAL.yaml',
  'evals/agentv-dev/skills/skill-selection.eval.yaml',
  'examples/showcase/directory-discovery/EVAL.yaml',
  'examples/features/rubric/evals/operators.eval.yaml',
].map((f) => readCorpus(AGENTV + f));

/** Loads without throwing; every diagnostic is positioned and names a rule of this format. */
function loadsCleanly(text: string) {
  detectAgentv(FILE, text);
  const { diagnostics } = loadAgentv(FILE, text);
  for (const d of diagnostics) {
    expect(d.line, d.message).toBeGreaterThanOrEqual(1);
    expect(d.column, d.message).toBeGreaterThanOrEqual(1);
    expect(d.ruleId).toMatch(/^agentv\/[a-z0-9-]+$/);
  }
}

const TOKENS = [':', '- ', '\n  ', '{', '[', '"', "'", '&a', '*a', '? ', '\t', '{{ x | y }}', 'file://../x'];

describe('properties', () => {
  it('random text never throws and every diagnostic has a line and column', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('utf8')),
        ),
        loadsCleanly,
      ),
      { numRuns: 150 },
    );
  });

  it('corpus files mutated by deletions, insertions and truncations never throw', () => {
    fc.assert(fc.property(mutatedText(CORPUS_TEXTS, TOKENS), loadsCleanly), { numRuns: 150 });
  });

  it('written suites load back into the same cases, whatever the strings hold', () => {
    const text = fc.string({ minLength: 1 }).filter((s) => s.trim() !== '' && !s.includes('{{'));
    const caseArb = fc.record({
      turns: fc.array(text, { minLength: 1, maxLength: 3 }),
      system: fc.option(text, { nil: undefined }),
      reference: fc.option(text, { nil: undefined }),
      needle: text,
      criterion: text,
      threshold: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      tags: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(caseArb, { minLength: 1, maxLength: 3 }), (parts) => {
        const cases: Case[] = parts.map((p, i) =>
          CaseSchema.parse({
            id: `c${i}`,
            rawId: `c${i}`,
            name: `c${i}`,
            kind: 'task',
            turns: p.turns,
            system: p.system,
            reference: p.reference,
            checks: [
              { type: 'contains', value: p.needle },
              { type: 'llm-rubric', value: p.criterion },
            ],
            threshold: p.threshold,
            tags: [...new Set(p.tags)],
            source: { file: FILE, format: 'x' },
          }),
        );
        const suite: Suite = { id: 's', name: 's', file: FILE, format: 'x', cases, settings: {} };
        const written = writeAgentv(suite);
        const reloaded = loadAgentv(FILE, written.files[0]!.text);
        expect(reloaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        // A written file is AgentV's: graded by its mean-score rule, its prompts templated from vars.
        const strip = (cs: Case[]) =>
          cs.map(({ source: _s, verdictRule: _r, metadata: { vars: _v, ...metadata }, ...rest }) => ({
            ...rest,
            metadata,
          }));
        expect(strip(reloaded.suites[0]!.cases)).toEqual(strip(cases));
      }),
      { numRuns: 60 },
    );
  });
});
