import { describe, expect, it } from 'vitest';
import { planExecutions, planItems } from './plan.js';
import { makeCase, makeSuite } from './test-support/fixtures.js';

const suites = [
  makeSuite('skills/pdf/evals/evals.json', [
    makeCase({ id: '1', name: 'first' }),
    makeCase({ id: 'When asked', kind: 'trigger' }),
  ]),
  // "a b" and "a-b" slug to the same text: the ids must still differ.
  makeSuite('skills/docx/EVAL.md', [makeCase({ id: 'a b' }), makeCase({ id: 'a-b', runs: 2 })]),
];

describe('planExecutions', () => {
  const plan = planExecutions(suites, ['claude-code', 'openai']);

  it('plans case × engine × run, trigger cases three times by default, in a stable order', () => {
    expect(plan).toHaveLength(2 * (1 + 3) + 2 * (1 + 2));
    expect(plan.slice(0, 5).map((p) => [p.caseId, p.engine, p.run])).toEqual([
      ['1', 'claude-code', 1],
      ['1', 'openai', 1],
      ['When asked', 'claude-code', 1],
      ['When asked', 'claude-code', 2],
      ['When asked', 'claude-code', 3],
    ]);
    expect(plan.every((p) => p.variant === 'with_skill')).toBe(true);
  });

  it('gives readable, filesystem-safe, unique ids that do not change between plans', () => {
    const ids = plan.map((p) => p.executionId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9][a-z0-9-]*(--[a-z0-9_-]+)+$/);
    expect(ids[0]).toBe('skills-pdf-evals-evals-json--1--claude-code--with_skill--r1');
    expect(planExecutions(suites, ['claude-code', 'openai']).map((p) => p.executionId)).toEqual(ids);
    const collided = plan.filter((p) => p.suiteId === 'skills/docx/EVAL.md' && p.run === 1 && p.engine === 'openai');
    expect(collided.map((p) => p.executionId)).toEqual([
      expect.stringMatching(/^skills-docx-eval-md--a-b--openai--with_skill--r1-[0-9a-f]{8}$/),
      expect.stringMatching(/^skills-docx-eval-md--a-b--openai--with_skill--r1-[0-9a-f]{8}$/),
    ]);
  });

  it('adds without_skill variants when asked, with their own ids', () => {
    const both = planExecutions(suites.slice(0, 1), ['e'], ['with_skill', 'without_skill']);
    expect(both.filter((p) => p.variant === 'without_skill')).toHaveLength(4);
    expect(both[1]!.executionId).toBe('skills-pdf-evals-evals-json--1--e--without_skill--r1');
  });
});

describe('slugify', () => {
  it('keeps the telling end of a long path and cuts at word boundaries', async () => {
    const { slugify } = await import('./plan.js');
    expect(slugify('examples/features/agent-skills-evals/csv-analyzer.evals.json', true)).toBe(
      'skills-evals-csv-analyzer-evals-json',
    );
    expect(slugify('Create a quarterly report from the sales data in the CSV file')).toBe(
      'create-a-quarterly-report-from-the-sales',
    );
    expect(slugify('***')).toBe('x');
  });
});

describe('planItems with targets limited to suites', () => {
  it('skips a (suite, target) pair the target does not cover; a target without suites runs all', () => {
    const targets = [
      { id: 'claude-code', suites: ['skills/pdf/evals/evals.json'] },
      { id: 'command', suites: ['skills/docx/EVAL.md'] },
      { id: 'openai' },
    ];
    const items = planItems(suites, targets, (t) => t.id);
    const pairs = new Set(items.map((i) => `${i.planned.suiteId} ${i.planned.engine}`));
    expect([...pairs]).toEqual([
      'skills/pdf/evals/evals.json claude-code',
      'skills/pdf/evals/evals.json openai',
      'skills/docx/EVAL.md command',
      'skills/docx/EVAL.md openai',
    ]);
    expect(items).toHaveLength(2 * (1 + 3) + 2 * (1 + 2));
  });
});
