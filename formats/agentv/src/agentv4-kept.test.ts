import { describe, expect, it } from 'vitest';
import { loadAgentv } from './load-agentv.js';

/**
 * An AgentV 4 file's assertions that AgentV 4.42.4's loader skips (`parseGraders`, @agentv/core 4.42.4
 * dist/chunk-FRDEARJA.js:18160-19078) are left out with a warning at their line, and the test is graded on the rest;
 * a test left with none is an error (AgentV would grade it with its default LLM grader, :23288).
 */
const FILE = '/nonexistent-skill-eval-test/evals/suite.eval.yaml';
const load = (assertions: string[]) =>
  loadAgentv(FILE, ['tests:', '  - id: a', '    input: hi', '    assertions:', ...assertions].join('\n'));
const warnings = (diagnostics: { ruleId: string; severity: string; line?: number }[]) =>
  diagnostics.filter((d) => d.severity === 'warning').map((d) => [d.ruleId.replace('agentv/', ''), d.line]);
const checks = (assertions: string[]) => load(assertions).suites[0]?.cases[0]?.checks;

describe('assertions AgentV 4 skips', () => {
  it.each([
    ['contains: 42', ['      - {type: contains, value: 42}']],
    ['equals: ""', ['      - {type: equals, value: ""}']],
    ['regex: true', ['      - {type: regex, value: true}']],
    ['ends-with: [a]', ['      - {type: ends-with, value: [a]}']],
    ['contains-any: [42, true]', ['      - {type: contains-any, value: [42, true]}']],
    ['contains-all: 7', ['      - {type: contains-all, value: 7}']],
    ['latency: "fast"', ['      - {type: latency, threshold: fast}']],
    ['cost: -1', ['      - {type: cost, budget: -1}']],
    ['token-usage: null', ['      - {type: token-usage, max_total: null}']],
    ['execution-metrics with a bad bound', ['      - {type: execution-metrics, max_tokens: 10, max_cost_usd: "1"}']],
    ['field-accuracy without a valid field', ['      - {type: field-accuracy, fields: [{path: a, match: fuzzy}]}']],
    ['tool-trajectory of an unknown mode', ['      - {type: tool-trajectory, mode: sometimes, expected: [{tool: a}]}']],
    [
      'tool-trajectory in_order without expected',
      ['      - {type: tool-trajectory, mode: in_order, minimums: {a: 1}}'],
    ],
    ['skill-trigger without a skill name', ['      - {type: skill-trigger, skill: 42}']],
    [
      'a composite with an unknown aggregator',
      [
        '      - type: composite',
        '        aggregator: {type: median}',
        '        assertions: [{type: is-json, name: j}]',
      ],
    ],
    [
      'a composite whose members have no name',
      [
        '      - type: composite',
        '        aggregator: {type: weighted_average}',
        '        assertions: [{type: is-json}]',
      ],
    ],
  ])('%s: left out with a warning, and the others graded', (_name, assertion) => {
    const { diagnostics, suites } = load([...assertion, '      - {type: contains, value: hi}']);
    expect(warnings(diagnostics).map(([rule]) => rule)).toContain('dropped-by-agentv');
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(suites[0]!.cases[0]!.checks.map((c) => c.type)).toEqual(['contains']);
  });

  it('points at the value, and says what to write', () => {
    const { diagnostics } = load(['      - type: contains', '        value: 42', '      - {type: is-json}']);
    const warning = diagnostics.find((d) => d.ruleId === 'agentv/dropped-by-agentv')!;
    expect([warning.line, warning.column]).toEqual([6, 16]);
    expect(warning.message).toMatch(
      /AgentV 4 skips this 'contains' assertion: its "value" is 42, not text.*write the text/,
    );
  });

  it('keeps the text items of a list, the valid limits and fields, and drops the parameters AgentV ignores', () => {
    expect(checks(['      - {type: contains-any, value: [a, 42, b]}'])).toMatchObject([{ value: ['a', 'b'] }]);
    expect(checks(['      - {type: token-usage, max_total: 100, max_input: "x"}'])?.[0]).not.toHaveProperty('maxInput');
    expect(checks(['      - {type: regex, value: a, flags: 42}'])?.[0]).not.toHaveProperty('flags');
    const fields = checks([
      '      - {type: field-accuracy, fields: [{path: a, match: exact}, {path: b}, {match: date}]}',
    ]);
    expect(fields?.[0]?.fields).toEqual([{ path: 'a', match: 'exact' }]);
    expect(checks(['      - {type: contains, value: a, min_score: 2, required: 7}'])?.[0]).not.toHaveProperty(
      'minScore',
    );
    // A trajectory's mode reads one list (ToolTrajectoryGrader.evaluate): the other is left out, and the check says
    // it grades as AgentV 4's.
    const trajectory = checks([
      '      - {type: tool-trajectory, mode: any_order, minimums: {a: 1}, expected: [{tool: b}]}',
    ])?.[0];
    expect(trajectory).toMatchObject({ minimums: { a: 1 }, agentv: true });
    expect(trajectory).not.toHaveProperty('expected');
  });

  it('a test left with no assertion is an error at the test', () => {
    const { diagnostics } = load(['      - {type: contains, value: 42}', '      - {type: latency, threshold: null}']);
    const error = diagnostics.find((d) => d.severity === 'error')!;
    expect([error.ruleId, error.line]).toEqual(['agentv/every-assertion-dropped', 2]);
    expect(error.message).toMatch(/AgentV skips every one of its assertions.*default LLM grader/);
  });

  it('a composite keeps the members AgentV reads, and is left out when none is left', () => {
    const composite = (members: string) => [
      '      - type: composite',
      '        aggregator: {type: weighted_average}',
      `        assertions: ${members}`,
      '      - {type: is-json}',
    ];
    expect(
      checks(composite('[{type: is-json, name: a}, {type: starts_with, value: x, name: b}]'))?.[0]?.checks,
    ).toHaveLength(1);
    expect(checks(composite('[{type: contains, value: 42, name: a}]'))?.map((c) => c.type)).toEqual(['is-json']);
  });

  it('an AgentV 5 file is read as before: a wrong type is an error', () => {
    const { diagnostics } = loadAgentv(
      FILE,
      [
        'prompts: ["{{ q }}"]',
        'tests:',
        '  - vars: {q: hi}',
        '    assert:',
        '      - {type: contains, value: 42}',
      ].join('\n'),
    );
    expect(diagnostics.some((d) => d.ruleId === 'agentv/dropped-by-agentv')).toBe(false);
  });
});
