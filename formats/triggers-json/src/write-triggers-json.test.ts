import { type Case, CaseSchema, type Suite } from '@skill-eval/core';
import { corpusFileOrSkip } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTriggersJson } from './load-triggers-json.js';
import { loadCorpus, triggerFiles } from './test-support/corpus.js';
import { writeTriggersJson } from './write-triggers-json.js';

const OUT = '/nonexistent-skill-eval-test/out/triggers.json';
const comparable = (cases: Case[]) => cases.map(({ source, ...rest }) => rest);

describe('write → load round trip', () => {
  for (const relative of triggerFiles()) {
    it(relative, () => {
      const { suite } = loadCorpus(relative);
      const { files, lost } = writeTriggersJson(suite);
      expect(lost).toEqual([]);
      expect(files.map((f) => f.path)).toEqual(['evals/triggers.json']);
      const again = loadTriggersJson(OUT, files[0]!.text, { skillName: 'the-skill' });
      expect(again.diagnostics).toEqual([]);
      expect(comparable(again.suites[0]!.cases)).toEqual(comparable(suite.cases));
      // The standard list, whatever shape was read.
      const written = JSON.parse(files[0]!.text) as Record<string, unknown>[];
      expect(Array.isArray(written)).toBe(true);
      expect(written.map((entry) => entry.query)).toEqual(suite.cases.map((c) => c.turns[0]));
      expect(written.map((entry) => entry.should_trigger)).toEqual(suite.cases.map((c) => c.shouldTrigger));
    });
  }

  it('the grouped variant is written as the standard list, ids kept', (ctx) => {
    const { suite } = loadCorpus(corpusFileOrSkip(ctx, 'triggers-json/forjd-better-writing/evals/triggers.json'));
    const written = JSON.parse(writeTriggersJson(suite).files[0]!.text);
    expect(written[0]).toEqual({ id: 'tighten-email', query: suite.cases[0]!.turns[0], should_trigger: true });
    expect(written[19]).toMatchObject({ id: 'count-words', should_trigger: false });
  });
});

describe('property: written sets read back exactly', () => {
  it('any queries, flags, string ids and metadata survive write → load', () => {
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '');
    const item = fc.record({
      query: text,
      should_trigger: fc.boolean(),
      id: fc.option(fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), { nil: undefined }),
      reason: fc.option(text, { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(item, { minLength: 1, maxLength: 6, selector: (i) => i.id ?? Math.random() }),
        (items) => {
          const json = JSON.stringify(
            items.map(({ id, reason, ...rest }) => ({ ...(id ? { id } : {}), ...rest, ...(reason ? { reason } : {}) })),
          );
          const first = loadTriggersJson(OUT, json, { skillName: 's' });
          const suite = first.suites[0]!;
          const { files, lost } = writeTriggersJson(suite);
          expect(lost).toEqual([]);
          const again = loadTriggersJson(OUT, files[0]!.text, { skillName: 's' });
          expect(comparable(again.suites[0]!.cases)).toEqual(comparable(suite.cases));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('what a trigger set cannot hold goes to lost', () => {
  const base = { source: { file: '/x/evals.json', format: 'evals-json' } };
  const suite: Suite = {
    id: 'x',
    name: 'x',
    file: '/x/evals.json',
    format: 'evals-json',
    skill: { name: 'csv', dir: '/x' },
    settings: {},
    cases: [
      CaseSchema.parse({
        ...base,
        id: '1',
        name: 'task',
        kind: 'task',
        turns: ['do it'],
        checks: [{ type: 'contains', value: 'a' }],
      }),
      CaseSchema.parse({
        ...base,
        id: '7',
        rawId: 7,
        name: 'Trigger seven',
        kind: 'trigger',
        turns: ['first', 'second'],
        shouldTrigger: false,
        runs: 5,
        triggerThreshold: 0.7,
        checks: [
          { type: 'not-skill-used', value: 'csv' },
          { type: 'llm-rubric', value: 'polite' },
        ],
        workspace: { setup: ['echo hi'] },
        limits: { timeoutSeconds: 30 },
        tags: ['smoke'],
        metadata: { category: 'neg', query: 'clash' },
      }),
    ],
  };

  it('lists every loss, writes what it can', () => {
    const { files, lost } = writeTriggersJson(suite);
    expect(JSON.parse(files[0]!.text)).toEqual([{ id: 7, query: 'first', should_trigger: false, category: 'neg' }]);
    expect(lost).toEqual([
      'case 1: a task case, not a trigger query — left out',
      'case 7: metadata "query" (the name is taken by the trigger set)',
      'case 7: name "Trigger seven" (a trigger set has no names)',
      'case 7: multi-turn prompt (2 turns) — only the first is kept',
      'case 7: check llm-rubric "polite"',
      'case 7: runs 5 (set "formatSettings": {"triggers-json": {"runs": 5}} in skill-eval.config.json)',
      'case 7: trigger threshold 0.7 (set "formatSettings": {"triggers-json": {"threshold": 0.7}} in skill-eval.config.json)',
      'case 7: setup/teardown commands',
      'case 7: limits',
      'case 7: tags smoke',
    ]);
  });

  it("does not write a case's name kept in its metadata (evals.json's name), which it lists as lost", () => {
    const named = CaseSchema.parse({
      ...base,
      id: '2',
      rawId: 2,
      name: 'crew-hello',
      kind: 'trigger',
      turns: ['say hello to my crew'],
      shouldTrigger: true,
      checks: [{ type: 'skill-used', value: 'csv' }],
      metadata: { name: 'crew-hello', note: 'kept' },
    });
    const { files, lost } = writeTriggersJson({ ...suite, cases: [named] });
    expect(JSON.parse(files[0]!.text)).toEqual([
      { id: 2, query: 'say hello to my crew', should_trigger: true, note: 'kept' },
    ]);
    expect(lost).toEqual(['case 2: name "crew-hello" (a trigger set has no names)']);
  });

  it('writes no file when no case is a trigger query ([] would not load)', () => {
    const { files, lost } = writeTriggersJson({ ...suite, cases: [suite.cases[0]!] });
    expect(files).toEqual([]);
    expect(lost).toEqual([
      'case 1: a task case, not a trigger query — left out',
      'no case is a trigger query, so no triggers.json is written',
    ]);
  });

  it('a skill-used check of another skill, or negated the wrong way, is lost', () => {
    const trigger = CaseSchema.parse({
      ...base,
      id: '1',
      name: 'q',
      kind: 'trigger',
      turns: ['q'],
      shouldTrigger: true,
      checks: [
        { type: 'skill-used', value: 'csv', negate: true },
        { type: 'skill-used', value: 'other' },
      ],
    });
    const { lost } = writeTriggersJson({ ...suite, cases: [trigger] });
    expect(lost).toEqual(['case 1: check skill-used "csv"', 'case 1: check skill-used "other"']);
  });
});
