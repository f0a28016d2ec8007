import { describe, expect, it } from 'vitest';
import { CHECK_ALIASES } from './alias-checks.js';
import { CHECK_CATALOGUE } from './catalogue.js';
import { checkProblems } from './check-problems.js';

const errors = (check: unknown, options = {}) => checkProblems(check, options).filter((p) => p.severity === 'error');

describe('checkProblems', () => {
  it.each<[string, unknown]>([
    ['contains', { type: 'contains', value: 'x', weight: 2, required: true, negate: false, turn: 1, name: 'n' }],
    ['a number as text to look for', { type: 'contains', value: 42 }],
    ['not-contains', { type: 'not-contains', value: 'x' }],
    ['a comma list', { type: 'contains-any', value: 'a, "b, c"' }],
    ['equals null', { type: 'equals', value: null }],
    ['a numeric-text threshold', { type: 'levenshtein', value: 'x', threshold: '3' }],
    ['latency in promptfoo spelling', { type: 'latency', threshold: 5000 }],
    ['cost in AgentV spelling', { type: 'cost', budget: 0.5 }],
    ['a JSON Schema as value', { type: 'is-json', value: { type: 'object' } }],
    ['word-count bounds', { type: 'word-count', value: { min: 2 } }],
    ['a skill count once', { type: 'skill-used', value: { name: 'pdf' } }],
    ['a skill count never', { type: 'skill-used', value: { name: 'pdf', max: 0 } }],
    ['a criterion as a string', 'Is polite'],
    ['code-grader passing its other keys on as config', { type: 'code-grader', command: './g.sh', rubric: 'x' }],
    [
      'composite with members',
      {
        type: 'composite',
        assertions: [{ type: 'contains', value: 'a' }, 'Polite'],
        aggregator: { type: 'threshold' },
      },
    ],
    ['execution-metrics in camelCase', { type: 'execution-metrics', maxToolCalls: 3 }],
  ])('accepts %s', (_what, check) => {
    expect(checkProblems(check)).toEqual([]);
  });

  it.each<[string, unknown, (string | number)[], string]>([
    [
      'a latency limit that is no number',
      { type: 'latency', threshold: 'fast' },
      ['threshold'],
      '"threshold" of latency is the text "fast"; write a number ≥ 0: the most milliseconds the run may take',
    ],
    ['a missing value', { type: 'contains' }, [], 'contains needs "value": the text to look for'],
    ['an empty value', { type: 'contains', value: '' }, ['value'], '"value" of contains is empty; write the text'],
    ['a negative weight', { type: 'contains', value: 'x', weight: -1 }, ['weight'], 'write a number ≥ 0'],
    ['an unknown type', { type: 'contians', value: 'x' }, ['type'], 'did you mean "contains"?'],
    ['an unsupported type', { type: 'similar', value: 'x' }, ['type'], 'needs an embedding model'],
    ['an invalid regex', { type: 'regex', value: '(x' }, ['value'], 'invalid regex /(x/'],
    ['invalid regex flags', { type: 'regex', value: 'x', flags: 'q' }, ['flags'], 'flags from dgimsuvy'],
    ['word-count min above max', { type: 'word-count', value: { min: 5, max: 2 } }, ['value', 'min'], 'swap them'],
    ['an unclosed quote in a comma list', { type: 'contains-any', value: '"a, b' }, ['value'], 'write a list'],
    ['two spellings of one limit', { type: 'cost', max: 1, budget: 2 }, ['budget'], 'keep one'],
    ['no limit at all', { type: 'token-usage' }, [], 'token-usage needs one of "max"'],
    ['a skill counted twice', { type: 'skill-used', value: { name: 'pdf', min: 2 } }, ['value', 'min'], 'not how many'],
    ['a skill name pattern', { type: 'skill-used', value: { pattern: 'p*' } }, ['value', 'pattern'], 'exact name'],
    ['promptfoo transform', { type: 'contains', value: 'x', transform: 'output.trim()' }, ['transform'], 'transform'],
    [
      'a negative exploration ratio',
      { type: 'execution-metrics', target_exploration_ratio: -0.3 },
      ['target_exploration_ratio'],
      'write a number ≥ 0: the share of tool calls',
    ],
    ['a grader with a target', { type: 'code-grader', command: 'g', target: true }, ['target'], 'target proxy'],
    [
      'a composite aggregator of no type',
      { type: 'composite', assertions: [], aggregator: { threshold: 0.5 } },
      ['aggregator'],
      'write type: weighted_average or type: threshold',
    ],
    [
      'a tool-used max',
      { type: 'trajectory:tool-used', value: { name: 'x', max: 2 } },
      ['value', 'max'],
      'per-tool max',
    ],
    ['a criterion with no text', { type: 'llm-rubric', value: '  ' }, ['value'], 'write the criterion'],
    ['a check without a type', { value: 'x' }, [], 'needs a "type"'],
  ])('reports %s', (_what, check, path, message) => {
    const found = errors(check);
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toEqual(path);
    expect(found[0]!.message).toContain(message);
  });

  it('warns about a parameter the type does not take, naming the closest one it does', () => {
    expect(checkProblems({ type: 'levenshtein', value: 'x', treshold: 2 })).toEqual([
      {
        severity: 'warning',
        ruleId: 'unknown-parameter',
        path: ['treshold'],
        message: 'levenshtein does not take "treshold", so it is ignored; did you mean "threshold"?',
      },
    ]);
  });

  it("says AgentV's per-assertion grader settings are AgentV's and ignored, not that the type does not take them", () => {
    const problems = checkProblems(
      { type: 'llm-grader', prompt: 'Is polite', model: 'gpt-4.1', target: 'grader', temperature: 0 },
      { vocabulary: 'agentv' },
    );
    expect(problems.map(({ severity, ruleId, path }) => ({ severity, ruleId, path }))).toEqual(
      ['model', 'target', 'temperature'].map((key) => ({
        severity: 'warning',
        ruleId: 'unsupported-parameter',
        path: [key],
      })),
    );
    for (const problem of problems) expect(problem.message).toContain('is taken by AgentV');
    // promptfoo's criteria graders get no such notice: a key they do not take is a typo there.
    expect(checkProblems({ type: 'g-eval', value: 'Is polite', model: 'x' })[0]).toMatchObject({
      ruleId: 'unknown-parameter',
    });
  });

  it("locates a problem inside a group's children by their keys", () => {
    const found = errors({
      type: 'composite',
      aggregator: { type: 'weighted_average' },
      assertions: [
        { type: 'contains', value: 'a' },
        { type: 'assert-set', assert: [{ type: 'latency', max: 'x' }] },
      ],
    });
    expect(found.map((p) => p.path)).toEqual([['assertions', 1, 'assert', 0, 'max']]);
    expect(errors({ type: 'assert-set', checks: [{ type: 'regex' }] }, { children: false })).toEqual([]);
  });

  it("gives AgentV's notices on its modifiers in AgentV's vocabulary only", () => {
    const check = { type: 'contains', value: 'x', required: 0.5, min_score: 0.7 };
    expect(checkProblems(check)).toEqual([]);
    expect(checkProblems(check, { vocabulary: 'agentv' }).map((p) => p.ruleId)).toEqual(['deprecated-parameter']);
    expect(checkProblems({ type: 'contains', value: 'x', min_score: 0.5 }, { vocabulary: 'agentv' })[0]).toMatchObject({
      severity: 'warning',
      path: ['min_score'],
    });
  });

  it('describes every parameter of every type, so that each message says what to write', () => {
    for (const [type, spec] of Object.entries({ ...CHECK_CATALOGUE, ...CHECK_ALIASES })) {
      expect(spec.summary, type).not.toBe('');
      for (const [key, schema] of Object.entries(spec.params))
        expect(schema.description, `${type}.${key}`).toBeTruthy();
    }
  });
});
