import { type Check, type Suite, SuiteSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase } from '../test-support/fixtures.js';
import { checkDiagnostics } from './check-diagnostics.js';

const suiteOf = (cases: { id: string; checks?: Check[]; gates?: Check[]; failIf?: Check[]; line?: number }[]): Suite =>
  SuiteSchema.parse({
    id: 'evals.yaml',
    name: 'demo',
    file: '/tmp/evals.yaml',
    format: 'agentv',
    cases: cases.map(({ id, line, ...checks }) =>
      makeCase({ id, ...checks, source: { file: '/tmp/evals.yaml', format: 'agentv', line, column: 5 } }),
    ),
  });

describe('checkDiagnostics', () => {
  it('accepts native, promptfoo and AgentV checks alike', async () => {
    const suite = suiteOf([
      {
        id: 'ok',
        gates: [{ type: 'is-json' }],
        checks: [
          { type: 'not_contains', value: 'x' },
          { type: 'factuality', value: 'Paris' },
          { type: 'skill-trigger', skill: 'pdf' },
          { type: 'regex', value: '^\\d+$', flags: 'im' },
          {
            type: 'composite',
            aggregator: { type: 'weighted_average' },
            assertions: [{ type: 'code-grader', command: './c.sh' }, 'criterion as text'],
          },
        ],
        failIf: [{ type: 'trajectory:tool-used', value: 'rm' }],
      },
    ]);
    expect(await checkDiagnostics(suite)).toEqual([]);
  });

  it('reports a JSON Schema that does not compile, in a check, a fail-if condition or a group', async () => {
    const bad = { type: 'is-json', value: '{"type": "nonsense"}' };
    const suite = suiteOf([
      {
        id: 's',
        checks: [{ type: 'contains', value: 'x' }, bad],
        failIf: [
          {
            type: 'assert-set',
            checks: [
              { type: 'equals', value: 'y' },
              { ...bad, type: 'contains-json' },
            ],
          },
        ],
      },
    ]);
    const messages = (await checkDiagnostics(suite)).map((d) => d.message);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^case "s", check 2: .*schema/i);
    expect(messages[1]).toMatch(/^case "s", fail-if condition 1: .*schema/i);
  });

  it('reports a check without a type', async () => {
    const suite = suiteOf([{ id: 'x', checks: [{ type: 'assert-set', checks: [{ value: 'no type' }, 42] }] }]);
    expect((await checkDiagnostics(suite)).map((d) => d.message)).toEqual([
      'case "x", check 1 › check 1: a check needs a "type" (e.g. type: contains)',
      'case "x", check 1 › check 2: a check needs a "type" (e.g. type: contains)',
    ]);
  });

  it('reports an unknown type at the case, naming the closest known type', async () => {
    const [diagnostic, ...rest] = await checkDiagnostics(
      suiteOf([{ id: 'c1', line: 12, checks: [{ type: 'contians', value: 'x' }] }]),
    );
    expect(rest).toEqual([]);
    expect(diagnostic).toEqual({
      severity: 'error',
      ruleId: 'grading/unknown-check-type',
      message: 'case "c1", check 1: unknown check type "contians"; did you mean "contains"?',
      file: '/tmp/evals.yaml',
      line: 12,
      column: 5,
    });
  });

  it.each<[string, Check, string, string]>([
    [
      'an unsupported type',
      { type: 'similar', value: 'x' },
      'grading/unsupported-check-type',
      'needs an embedding model',
    ],
    ['a negated unsupported type', { type: 'not-meteor', value: 'x' }, 'grading/unsupported-check-type', 'WordNet'],
    ['an invalid regex', { type: 'regex', value: '(unclosed' }, 'grading/invalid-check', 'invalid regex /(unclosed/'],
    ['invalid regex flags', { type: 'regex', value: 'a', flags: 'q' }, 'grading/invalid-check', 'invalid regex /a/q'],
    ['a regex without a pattern', { type: 'regex' }, 'grading/invalid-check', 'regex needs "value": the pattern'],
    [
      'a per-tool max',
      { type: 'trajectory:tool-used', value: { name: 'search', max: 2 } },
      'grading/invalid-check',
      'per-tool max is not supported',
    ],
    [
      'a name pattern',
      { type: 'trajectory:tool-used', value: { pattern: 'mcp__*' } },
      'grading/invalid-check',
      'name pattern',
    ],
    [
      'factuality without a reference',
      { type: 'factuality' },
      'grading/invalid-check',
      'factuality needs "value": the reference statement',
    ],
    [
      'a group that is no list',
      { type: 'assert-set', checks: 'x' },
      'grading/invalid-check',
      '"checks" of assert-set is the text "x"; write a list of checks',
    ],
  ])('reports %s', async (_what, check, ruleId, message) => {
    const diagnostics = await checkDiagnostics(suiteOf([{ id: 'c', checks: [check] }]));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', ruleId });
    expect(diagnostics[0]?.message).toContain(message);
  });

  it('walks gates, fail-if conditions and nested groups of every case', async () => {
    const suite = suiteOf([
      { id: 'a', gates: [{ type: 'is-jsn' }] },
      {
        id: 'b',
        failIf: [{ type: 'contains', value: 'x' }],
        checks: [
          {
            type: 'assert-set',
            checks: [
              { type: 'contains', value: 'y' },
              { type: 'assert-set', checks: [{ type: 'regexp', value: 'z' }] },
            ],
          },
        ],
      },
      { id: 'c', failIf: [{ type: 'tool-caled', value: 'Bash' }] },
    ]);
    expect((await checkDiagnostics(suite)).map((d) => d.message)).toEqual([
      'case "a", gate 1: unknown check type "is-jsn"; did you mean "is-json"?',
      'case "b", check 1 › check 2 › check 1: unknown check type "regexp"; did you mean "regex"?',
      'case "c", fail-if condition 1: unknown check type "tool-caled"; did you mean "tool-called"?',
    ]);
  });
});
