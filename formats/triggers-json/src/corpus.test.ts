import { corpusFileOrSkip } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { bySeverity, loadCorpus } from './test-support/corpus.js';

const BMAD = 'triggers-json/bmad-code-org-BMAD-METHOD/';
const flags = (cases: { shouldTrigger?: boolean }[]) => cases.map((c) => c.shouldTrigger);
const positions = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

/** Every query is a trigger case: one turn, 3 runs, threshold 0.5, one skill-used check negated for should-not. */
function expectTriggerCases(cases: ReturnType<typeof loadCorpus>['cases'], skill = 'the-skill') {
  for (const c of cases) {
    expect(c.kind).toBe('trigger');
    expect(c.turns).toHaveLength(1);
    expect(c.runs).toBe(3);
    expect(c.triggerThreshold).toBe(0.5);
    expect(c.checks).toEqual([{ type: 'skill-used', value: skill, ...(c.shouldTrigger ? {} : { negate: true }) }]);
    expect(c.gates).toEqual([]);
    expect(c.limits).toEqual({});
  }
}

describe('corpus: triggers-json', () => {
  it('BMAD bmad-product-brief (gen 1, blank line between groups): 7 should, 8 should-not', () => {
    const { result, suite, cases } = loadCorpus(`${BMAD}evals/bmm-skills/bmad-product-brief/triggers.json`);
    expect(result.diagnostics).toEqual([]);
    expect(cases.map((c) => c.id)).toEqual(positions(15));
    expect(flags(cases)).toEqual([...Array(7).fill(true), ...Array(8).fill(false)]);
    expect(cases[0]!.turns).toEqual(['Help me write a product brief for my new app idea']);
    expect(cases[0]!.name).toBe('Help me write a product brief for my new app idea');
    expect(cases[7]!.turns).toEqual(['Help me brainstorm ideas for a new feature']);
    // The blank line puts query 8 on line 10.
    expect(cases[7]!.source).toMatchObject({ line: 10, column: 3, format: 'triggers-json', dialect: 'standard' });
    expect(suite.name).toBe('the-skill');
    expect(suite.settings).toEqual({ shape: 'standard', skillName: 'the-skill' });
    expectTriggerCases(cases);
  });

  it('BMAD bmad-project-context (gen 2): 6 should, 4 should-not, one object per line block', () => {
    const { result, cases } = loadCorpus(`${BMAD}src/bmm-skills/plan/bmad-project-context/evals/triggers.json`);
    expect(result.diagnostics).toEqual([]);
    expect(cases.map((c) => c.id)).toEqual(positions(10));
    expect(flags(cases)).toEqual([...Array(6).fill(true), ...Array(4).fill(false)]);
    expect(cases[9]!.turns).toEqual(['summarize this codebase for me real quick']);
    expect(cases[9]!.source).toMatchObject({ line: 38, column: 3 });
    expectTriggerCases(cases);
  });

  it('BMAD bmad-ticket (gen 2): 8 should, 8 should-not', () => {
    const { result, cases } = loadCorpus(`${BMAD}src/bmm-skills/plan/bmad-ticket/evals/triggers.json`);
    expect(result.diagnostics).toEqual([]);
    expect(cases.map((c) => c.id)).toEqual(positions(16));
    expect(flags(cases)).toEqual([...Array(8).fill(true), ...Array(8).fill(false)]);
    expect(cases[15]!.turns).toEqual(['update the spec with the new capability we discussed']);
    expect(cases.every((c) => Object.keys(c.metadata).length === 0)).toBe(true);
    expectTriggerCases(cases);
  });

  it('anthropics/skills trigger-evals.json: \\u escapes decoded, 8 + 8', (ctx) => {
    const { result, cases } = loadCorpus(
      corpusFileOrSkip(
        ctx,
        'triggers-json/anthropics-skills/skills/software-architecture-review/evals/trigger-evals.json',
      ),
    );
    expect(result.diagnostics).toEqual([]);
    expect(cases.map((c) => c.id)).toEqual(positions(16));
    expect(flags(cases)).toEqual([...Array(8).fill(true), ...Array(8).fill(false)]);
    expect(cases[0]!.turns[0]).toContain(
      "tightly coupled, the team wants to migrate to microservices but i'm not sure if the boundaries are right — can you review",
    );
    expectTriggerCases(cases);
  });

  it('mikekelly/developing-skills: extra "reason" kept as metadata', (ctx) => {
    const { result, cases } = loadCorpus(
      corpusFileOrSkip(ctx, 'triggers-json/mikekelly-developing-skills/evals/triggers.json'),
    );
    expect(result.diagnostics).toEqual([]);
    expect(cases.map((c) => c.id)).toEqual(positions(16));
    expect(flags(cases)).toEqual([...Array(8).fill(true), ...Array(8).fill(false)]);
    expect(cases[0]!.metadata).toEqual({ reason: 'Explicitly names the skill and asks to audit a skill.' });
    expect(cases[15]!.metadata.reason).toBe('A generic knowledge-base audit is not necessarily an agent skill audit.');
    expect(cases.every((c) => typeof c.metadata.reason === 'string')).toBe(true);
    expectTriggerCases(cases);
  });

  it('forjd/better-writing grouped variant: read, ids from items, an info that it is not standard', (ctx) => {
    const { result, suite, cases } = loadCorpus(
      corpusFileOrSkip(ctx, 'triggers-json/forjd-better-writing/evals/triggers.json'),
    );
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(result.diagnostics.map((d) => [d.severity, d.ruleId, d.line, d.column])).toEqual([
      ['info', 'triggers-json/grouped-variant', 1, 1],
    ]);
    expect(result.diagnostics[0]!.message).toMatch(/not the standard trigger set/);
    expect(cases).toHaveLength(20);
    expect(cases.slice(0, 3).map((c) => [c.id, c.rawId, c.name])).toEqual([
      ['tighten-email', 'tighten-email', 'tighten-email'],
      ['sounds-like-ai', 'sounds-like-ai', 'sounds-like-ai'],
      ['review-readme-intro', 'review-readme-intro', 'review-readme-intro'],
    ]);
    expect(cases.at(-1)!.id).toBe('count-words');
    expect(flags(cases)).toEqual([...Array(10).fill(true), ...Array(10).fill(false)]);
    expect(cases[1]!.turns[0]).toMatch(/Make it sound like a person wrote it:\n\nIn today's fast-paced landscape/);
    expect(cases[10]!.source).toMatchObject({ line: 45, column: 5, dialect: 'grouped' });
    expect(suite.settings).toEqual({ shape: 'grouped', skillName: 'the-skill' });
    expectTriggerCases(cases);
  });

  it('without a SKILL.md above it nor a skill name, takes the skill from the folder layout as BMAD does, and says so', () => {
    const { result, cases } = loadCorpus(`${BMAD}src/bmm-skills/plan/bmad-ticket/evals/triggers.json`, {});
    expect(result.diagnostics.map((d) => [d.severity, d.ruleId, d.line, d.column])).toEqual([
      ['warning', 'triggers-json/skill-from-folder', 1, 1],
    ]);
    expect(result.diagnostics[0]!.message).toMatch(
      /"bmad-ticket", the name of the folder above evals\/ .*Put the file/,
    );
    expect(result.diagnostics[0]!.message).not.toContain('--fk');
    expect(cases).toHaveLength(16);
    expect(cases.every((c) => c.checks[0]?.type === 'skill-used' && c.checks[0].value === 'bmad-ticket')).toBe(true);
    const gen1 = loadCorpus(`${BMAD}evals/bmm-skills/bmad-product-brief/triggers.json`, {});
    expect(gen1.cases[0]!.checks[0]!.value).toBe('bmad-product-brief');
  });
});
