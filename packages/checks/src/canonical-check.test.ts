import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { canonicalCheck } from './canonical-check.js';

const canonical = (check: Check) => canonicalCheck(normalizeCheck(check));

/** Keys only the source vocabularies use: a mapped check keeps none of them. */
const SOURCE_ONLY = [
  'skill',
  'should_trigger',
  'script',
  'criteria',
  'rubrics',
  'prompt',
  'budget',
  'max_total',
  'maxTotal',
  'maxToolCalls',
];

describe('canonicalCheck', () => {
  it.each<[string, Check, Record<string, unknown>]>([
    [
      'skill-trigger',
      { type: 'skill_trigger', skill: 'pdf', weight: 2 },
      { type: 'skill-used', value: 'pdf', weight: 2 },
    ],
    [
      'skill-trigger should_trigger: false',
      { type: 'skill-trigger', skill: 'pdf', should_trigger: false },
      { type: 'skill-used', value: 'pdf', negate: true },
    ],
    [
      'not-skill-trigger should_trigger: false',
      { type: 'not-skill-trigger', skill: 'pdf', should_trigger: false },
      { type: 'skill-used', value: 'pdf' },
    ],
    ['llm-grader', { type: 'llm-grader', prompt: 'Is polite' }, { type: 'llm-rubric', value: 'Is polite' }],
    ['llm-judge', { type: 'llm-judge', value: 'Cites a source' }, { type: 'llm-rubric', value: 'Cites a source' }],
    [
      'g-eval',
      { type: 'g-eval', value: 'Coherent', threshold: 0.7 },
      { type: 'llm-rubric', value: 'Coherent', threshold: 0.7 },
    ],
    ['agent-rubric', { type: 'agent-rubric', value: 'Fixed the bug' }, { type: 'llm-rubric', value: 'Fixed the bug' }],
    [
      'rubrics with criteria',
      { type: 'rubrics', weight: 2, criteria: ['Polite', { id: 'c2', outcome: 'Short', weight: 3, required: true }] },
      {
        type: 'assert-set',
        weight: 2,
        checks: [
          { type: 'llm-rubric', value: 'Polite' },
          { type: 'llm-rubric', value: 'Short', name: 'c2', weight: 3, required: true },
        ],
      },
    ],
    [
      'factuality',
      { type: 'factuality', value: 'Paris is the capital of France' },
      { type: 'llm-rubric', value: expect.stringMatching(/factually consistent.*"Paris is the capital of France"$/) },
    ],
    [
      'not-model-graded-closedqa',
      { type: 'not-model-graded-closedqa', value: 'Hedges' },
      { type: 'llm-rubric', negate: true, value: 'The final answer meets this criterion: "Hedges"' },
    ],
    [
      'answer-relevance',
      { type: 'answer-relevance' },
      { type: 'llm-rubric', value: expect.stringContaining("relevant to the user's request") },
    ],
    [
      'context-faithfulness with context',
      { type: 'context-faithfulness', context: 'Rates are 5%.' },
      { type: 'llm-rubric', value: expect.stringContaining('supported by this context: "Rates are 5%."') },
    ],
    [
      'context-recall',
      { type: 'context-recall', value: 'Max spend is $500' },
      { type: 'llm-rubric', value: expect.stringMatching(/^The context the agent retrieved .* "Max spend is \$500"$/) },
    ],
    [
      'trajectory:goal-success',
      { type: 'trajectory:goal-success', value: 'Book a flight' },
      { type: 'llm-rubric', value: expect.stringContaining('achieved this goal: "Book a flight"') },
    ],
    ['code-grader', { type: 'code_grader', command: './check.sh' }, { type: 'code-grader', command: './check.sh' }],
    [
      'code-judge with the script spelling',
      { type: 'code-judge', script: ['python3', 'grade it.py'] },
      { type: 'code-grader', command: ['python3', 'grade it.py'] },
    ],
    [
      'trajectory:tool-used',
      { type: 'trajectory:tool-used', value: 'search' },
      { type: 'tool-called', value: 'search' },
    ],
    [
      'trajectory:tool-used list',
      { type: 'trajectory:tool-used', value: ['search', { name: 'fetch' }] },
      {
        type: 'assert-set',
        checks: [
          { type: 'tool-called', value: 'search' },
          { type: 'tool-called', value: 'fetch' },
        ],
      },
    ],
    [
      'trajectory:tool-used min',
      { type: 'trajectory:tool-used', value: { name: 'search', min: 2 } },
      { type: 'tool-trajectory', minimums: { search: 2 } },
    ],
    [
      'trajectory:tool-args-match',
      { type: 'trajectory:tool-args-match', value: { name: 'update_seat', args: { seat: '14C' } } },
      { type: 'tool-called', value: 'update_seat', args: { seat: '14C' } },
    ],
    [
      'trajectory:tool-args-match exact',
      { type: 'trajectory:tool-args-match', value: { name: 'f', args: { a: 1 }, mode: 'exact' } },
      { type: 'tool-trajectory', mode: 'any-order', expected: [{ tool: 'f', args: { a: 1 }, args_match: 'exact' }] },
    ],
    [
      'trajectory:tool-sequence',
      { type: 'trajectory:tool-sequence', value: { steps: ['a', 'b'] } },
      { type: 'tool-trajectory', tools: ['a', 'b'], mode: 'in-order' },
    ],
    [
      'trajectory:tool-sequence exact list',
      { type: 'trajectory:tool-sequence', value: { steps: ['a'], mode: 'exact' } },
      { type: 'tool-trajectory', tools: ['a'], mode: 'exact' },
    ],
    ['latency threshold', { type: 'latency', threshold: 5000 }, { type: 'latency', max: 5000 }],
    ['cost budget', { type: 'cost', budget: 0.1 }, { type: 'cost', max: 0.1 }],
    ['token-usage max_total', { type: 'token-usage', max_total: 900 }, { type: 'token-usage', max: 900 }],
    [
      'token-usage in camelCase',
      { type: 'token-usage', maxTotal: 9, max_input: 5, max_output: 4 },
      { type: 'token-usage', max: 9, maxInput: 5, maxOutput: 4 },
    ],
    [
      'execution-metrics in camelCase',
      { type: 'execution-metrics', maxToolCalls: 3, max_tokens: 10 },
      { type: 'execution-metrics', max_tool_calls: 3, max_tokens: 10 },
    ],
    [
      'promptfoo assert-set',
      {
        type: 'assert-set',
        threshold: 0.5,
        assert: [
          { type: 'icontains', value: 'a' },
          { type: 'g-eval', value: 'b' },
        ],
      },
      {
        type: 'assert-set',
        threshold: 0.5,
        checks: [
          { type: 'icontains', value: 'a' },
          { type: 'llm-rubric', value: 'b' },
        ],
      },
    ],
    ['a native check', { type: 'Contains', value: 'x' }, { type: 'contains', value: 'x' }],
    ['an unknown type', { type: 'contians', value: 'x' }, { type: 'contians', value: 'x' }],
  ])('%s', (_what, check, expected) => {
    const out = canonical(check);
    expect(out).toMatchObject(expected);
    for (const key of SOURCE_ONLY) expect(out).not.toHaveProperty(key);
    expect(canonicalCheck(out)).toEqual(out);
  });

  it('maps composite and the children of groups, recursively', () => {
    const out = canonical({
      type: 'composite',
      aggregator: { type: 'threshold', threshold: 0.5 },
      assertions: [
        { type: 'not_contains', value: 'TODO' },
        {
          type: 'assert-set',
          checks: [
            { type: 'skill-trigger', skill: 'pdf' },
            { type: 'llm_judge', value: 'Clear' },
          ],
        },
      ],
    });
    expect(out).toMatchObject({
      type: 'assert-set',
      threshold: 0.5,
      checks: [
        { type: 'contains', value: 'TODO', negate: true },
        {
          type: 'assert-set',
          checks: [
            { type: 'skill-used', value: 'pdf' },
            { type: 'llm-rubric', value: 'Clear' },
          ],
        },
      ],
    });
    expect(out).not.toHaveProperty('assertions');
    expect(canonicalCheck(out)).toEqual(out);
  });
});

describe("canonicalCheck in AgentV's vocabulary", () => {
  const agentv = (check: Check) => canonicalCheck(check, { vocabulary: 'agentv' });

  it.each<[string, Check, Record<string, unknown>]>([
    ['equals, trimmed', { type: 'equals', value: 'x' }, { type: 'equals', value: 'x', trim: true }],
    ['ends-with, trimmed', { type: 'ends_with', value: 'x' }, { type: 'ends-with', trim: true }],
    [
      'a numeric required (AgentV 4)',
      { type: 'contains', value: 'x', required: 0.6 } as unknown as Check,
      { required: true, minScore: 0.6 },
    ],
    [
      'min_score of a required check',
      { type: 'contains', value: 'x', required: true, min_score: 0.5 },
      { minScore: 0.5 },
    ],
    ['metric as the name', { type: 'contains', value: 'x', metric: 'greets' }, { name: 'greets' }],
    ['cost, failed without cost data', { type: 'cost', budget: 0.5 }, { type: 'cost', max: 0.5, failUnreported: true }],
  ])('%s', (_what, check, expected) => {
    const out = agentv(check);
    expect(out).toMatchObject(expected);
    expect(out).not.toHaveProperty('min_score');
    expect(agentv(out)).toEqual(out);
  });

  it('drops min_score without required, as AgentV ignores it there', () => {
    expect(agentv({ type: 'contains', value: 'x', min_score: 0.5 })).toEqual({ type: 'contains', value: 'x' });
  });

  it('leaves promptfoo checks untrimmed, and its cost an error without cost data', () => {
    expect(canonicalCheck({ type: 'equals', value: 'x' })).toEqual({ type: 'equals', value: 'x' });
    expect(canonicalCheck({ type: 'cost', threshold: 0.5 })).toEqual({ type: 'cost', max: 0.5 });
  });

  it('weighs composite members by aggregator.weights, ignoring their own weight', () => {
    const out = agentv({
      type: 'composite',
      aggregator: { type: 'weighted_average', weights: { a: 4 } },
      assertions: [
        { type: 'contains', value: 'x', name: 'a', weight: 9 },
        { type: 'equals', value: 'y', name: 'b', weight: 9 },
      ],
    });
    expect(out).toMatchObject({
      type: 'assert-set',
      checks: [
        { type: 'contains', weight: 4 },
        { type: 'equals', weight: 1, trim: true },
      ],
    });
  });
});
