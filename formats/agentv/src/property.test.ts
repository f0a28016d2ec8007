import { readFileSync } from 'node:fs';
import { type Case, CaseSchema, type Suite } from '@skill-eval/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectAgentv } from './detect.js';
import { loadAgentv } from './load-agentv.js';
import { AGENTV, CORPUS } from './test-support/corpus.js';
import { writeAgentv } from './write-agentv.js';

const FILE = '/nonexistent-skill-eval-test/evals/x.eval.yaml';
const CORPUS_TEXTS = [
  'examples/features/agent-skills-evals/csv-analyzer.EVAL.yaml',
  'examples/features/agent-skills-evals/multi-provider-skill-use.EVAL.yaml',
  'evals/agentv-dev/skills/skill-selection.eval.yaml',
  'examples/showcase/directory-discovery/EVAL.yaml',
  'examples/features/rubric/evals/operators.eval.yaml',
].map((f) => readFileSync(CORPUS + AGENTV + f, 'utf8'));

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

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(
      fc.string(),
      fc.constantFrom(':', '- ', '\n  ', '{', '[', '"', "'", '&a', '*a', '? ', '\t', '{{ x | y }}', 'file://../x'),
    ),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function mutate(text: string, edits: { kind: string; at: number; length?: number; text?: string }[]) {
  let out = text;
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % (out.length + 1);
    if (e.kind === 'delete') out = out.slice(0, at) + out.slice(at + (e.length ?? 1));
    else if (e.kind === 'insert') out = out.slice(0, at) + (e.text ?? '') + out.slice(at);
    else out = out.slice(0, at);
  }
  return out;
}

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
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: CORPUS_TEXTS.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (i, edits) => loadsCleanly(mutate(CORPUS_TEXTS[i]!, edits)),
      ),
      { numRuns: 150 },
    );
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
        const strip = (cs: Case[]) => cs.map(({ source: _s, ...rest }) => rest);
        expect(strip(reloaded.suites[0]!.cases)).toEqual(strip(cases));
      }),
      { numRuns: 60 },
    );
  });
});
