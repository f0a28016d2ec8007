import { describe, expect, it } from 'vitest';
import { loadAgentv } from './load-agentv.js';

const FILE = '/nonexistent-skill-eval-test/a.eval.yaml';
/** Loads one v5 test with the given assert entries (YAML flow lines). */
const checksOf = (asserts: string[]) => {
  const text = [
    'prompts: ["{{ input }}"]',
    'tests:',
    '  - vars: {input: hi}',
    '    assert:',
    ...asserts.map((a) => `      - ${a}`),
  ].join('\n');
  const { suites, diagnostics } = loadAgentv(FILE, text);
  return {
    checks: suites[0]?.cases[0]?.checks,
    diagnostics: diagnostics.map((d) => [d.ruleId.replace('agentv/', ''), d.line, d.column]),
  };
};

describe('assertion mapping', () => {
  it("fills {{ var }} in the test's assert values and criteria as AgentV's interpolateRawEvalCase does", () => {
    const text = [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: t',
      '    criteria: Names {{ city }}',
      '    vars: {input: hi, city: Paris, words: [bonjour, salut]}',
      '    assert:',
      '      - {type: icontains, value: "{{ city }}"}',
      '      - {type: contains-any, value: "{{ words }}"}',
      '      - Mentions {{ vars.city }} and {{ nobody }}.',
    ].join('\n');
    // A list of strings as a var makes one test per value (expandArrayVarCases, yaml-parser.ts:528-553). Run from
    // source at 58f316ca2: two tests, both id "t", each without the contains-any, whose value is now one word
    // ("Skipping contains-any evaluator … value must be a non-empty string array").
    const { suites, diagnostics } = loadAgentv(FILE, text);
    const [c, d] = suites[0]!.cases;
    expect(c!.checks.map((check) => [check.type, check.value])).toEqual([
      ['icontains', 'Paris'],
      ['llm-rubric', 'Mentions Paris and .'],
    ]);
    expect([c!.id, d!.id, d!.checks.length]).toEqual(['t@words=bonjour', 't@words=salut', 2]);
    expect(diagnostics.filter((x) => x.severity !== 'info').map((x) => [x.ruleId, x.line])).toEqual([
      ['agentv/dropped-by-agentv', 8],
    ]);
    expect(c!.reference).toBe('Names Paris');
  });

  // EntityProcess/agentv 58f316ca2 loadTests, run on this file from source: two tests "greet" sending the same
  // "hi (French,German)" (the prompt is rendered before the list is expanded), graded with French and German.
  it('a list var makes one case per value, the prompt rendered with the whole list; an empty list makes none', () => {
    const text = [
      'prompts: ["{{ input }} ({{ lang }})"]',
      'tests:',
      '  - id: greet',
      '    vars: {input: hi, lang: [French, German]}',
      '    assert: [{type: contains, value: "{{ lang }}"}]',
      '  - id: none',
      '    vars: {input: hi, lang: []}',
      '    assert: [{type: contains, value: x}]',
    ].join('\n');
    const { suites, diagnostics } = loadAgentv(FILE, text);
    expect(suites[0]!.cases.map((c) => [c.id, c.turns, c.checks[0]!.value])).toEqual([
      ['greet@lang=French', ['hi (French,German)'], 'French'],
      ['greet@lang=German', ['hi (French,German)'], 'German'],
    ]);
    expect(diagnostics.map((d) => [d.ruleId, d.line])).toEqual([
      ['agentv/list-vars', 4],
      ['agentv/list-vars', 7],
    ]);
  });

  it('normalises _ to -, a not- prefix (and negate) into negate, and keeps promptfoo params', () => {
    expect(
      checksOf([
        '{type: not_contains, value: err}',
        '{type: not-icontains_any, value: "a, b"}',
        '{type: not-equals, negate: true, value: x}',
        '{type: is-json}',
        '{type: starts-with, value: "#", metric: heading, weight: 2}',
      ]).checks,
    ).toEqual([
      { type: 'contains', value: 'err', negate: true },
      { type: 'icontains-any', value: 'a, b', negate: true },
      { type: 'equals', value: 'x', trim: true },
      { type: 'is-json' },
      { type: 'starts-with', value: '#', name: 'heading', weight: 2, trim: true },
    ]);
  });

  it('starts-with and ends-with compare trimmed text, as AgentV does', () => {
    expect(
      checksOf(['{type: ends-with, value: "Goodbye.\\n"}', '{type: not-starts-with, value: " Well"}']).checks,
    ).toEqual([
      { type: 'ends-with', value: 'Goodbye.\n', trim: true },
      { type: 'starts-with', value: ' Well', negate: true, trim: true },
    ]);
  });

  it('skill-used takes a name, a list (all of them, one check) or {name, min, max}', () => {
    expect(
      checksOf([
        '{type: skill-used, value: [a, b]}',
        '{type: not-skill-used, value: [a, b], weight: 2}',
        '{type: skill-used, value: {name: c, min: 1}}',
        '{type: skill-used, value: {name: d, max: 0}}',
        '{type: not-skill-used, value: {name: e, max: 0}}',
      ]).checks,
    ).toEqual([
      { type: 'skill-used', value: ['a', 'b'] },
      {
        type: 'assert-set',
        weight: 2,
        checks: [
          { type: 'skill-used', value: 'a', negate: true, weight: 0, required: true },
          { type: 'skill-used', value: 'b', negate: true, weight: 0, required: true },
        ],
      },
      { type: 'skill-used', value: 'c' },
      { type: 'skill-used', value: 'd', negate: true },
      { type: 'skill-used', value: 'e', negate: true },
    ]);
  });

  it('skill-used counts and patterns skill-eval cannot grade are errors at the bound, not "fired once"', () => {
    const asserts = [
      '{type: skill-used, value: {name: a, min: 2}}',
      '{type: skill-used, value: {name: b, min: 1, max: 1}}',
      '{type: skill-used, value: {pattern: "csv-*"}}',
      '{type: not-skill-used, value: {name: c, min: 2}}',
      '{type: contains, value: x}',
    ];
    const { checks, diagnostics } = checksOf(asserts);
    expect(checks).toEqual([{ type: 'contains', value: 'x' }]);
    // Each points at the bound (or pattern) it cannot grade: line of the entry, column of the value after `min: ` etc.
    const column = (i: number, key: string) => '      - '.length + asserts[i]!.indexOf(`${key}: `) + key.length + 3;
    expect(diagnostics).toEqual([
      ['invalid-check', 5, column(0, 'min')],
      ['invalid-check', 6, column(1, 'min')],
      ['invalid-check', 7, column(2, 'pattern')],
      ['invalid-check', 8, column(3, 'min')],
    ]);
  });

  it('assertions refused by an error leave that error alone: no follow-on "no assert entries" warning', () => {
    expect(checksOf(['{type: skill-used, value: {name: a, min: 2}}']).diagnostics).toEqual([['invalid-check', 5, 50]]);
  });

  it('a skill-used list holding anything but names is an error at that entry, as AgentV refuses it', () => {
    const { checks, diagnostics } = checksOf([
      '{type: skill-used, value: [x, {name: d, max: 3}]}',
      '{type: skill-used, value: []}',
      '{type: contains, value: x}',
    ]);
    expect(checks).toEqual([{ type: 'contains', value: 'x' }]);
    expect(diagnostics).toEqual([
      ['invalid-check', 5, 39],
      ['invalid-check', 6, 35],
    ]);
  });

  it('script (the v5 code grader), trajectory:*, latency, cost, token-usage map onto the check vocabulary', () => {
    const { checks, diagnostics } = checksOf([
      '{type: script, command: [python, "check it.py"], cwd: graders}',
      '{type: "trajectory:tool-used", value: [Read, {name: Glob, min: 2}]}',
      '{type: "trajectory:tool-used", value: [Read, {name: Bash, max: 3}]}',
      '{type: "not-trajectory:tool-used", value: Write}',
      '{type: "trajectory:tool-sequence", value: {mode: exact, steps: [Read, Edit]}}',
      '{type: latency, threshold: 3000}',
      '{type: cost, budget: 0.2}',
      '{type: token-usage, max_total: 900, max_output: 100}',
    ]);
    // A per-tool most is an error at its key, and that assertion is left out.
    expect(diagnostics).toEqual([['invalid-check', 7, 72]]);
    expect(checks).toEqual([
      {
        type: 'code-grader',
        command: ['python', 'check it.py'],
        cwd: 'graders',
        payload: { criteria: '', expectedOutput: [], input: [{ role: 'user', content: 'hi' }], metadata: null },
      },
      {
        type: 'assert-set',
        checks: [
          { type: 'tool-called', value: 'Read' },
          { type: 'tool-trajectory', minimums: { Glob: 2 } },
        ],
      },
      { type: 'tool-called', value: 'Write', negate: true },
      { type: 'tool-trajectory', tools: ['Read', 'Edit'], mode: 'exact' },
      { type: 'latency', max: 3000 },
      // Without cost data AgentV's cost grader fails the run (agentv 4.42.4 dist/chunk-ZPFM52HV.js:21386).
      { type: 'cost', max: 0.2, failUnreported: true },
      { type: 'token-usage', max: 900, maxOutput: 100 },
    ]);
  });

  it('required, min_score and the deprecated numeric required', () => {
    const { checks, diagnostics } = checksOf([
      '{type: contains, value: a, required: true, min_score: 0.9}',
      '{type: llm-rubric, value: ok, required: 0.7}',
    ]);
    expect(checks).toEqual([
      { type: 'contains', value: 'a', required: true, minScore: 0.9 },
      { type: 'llm-rubric', value: 'ok', required: true, minScore: 0.7 },
    ]);
    expect(diagnostics).toEqual([['deprecated-parameter', 6, 49]]);
  });

  it('refuses types it cannot grade at their type; an include warns at the entry', () => {
    const { checks, diagnostics } = checksOf(['{type: similar, value: hello, threshold: 0.8}', '{include: shared}']);
    expect(checks).toEqual([{ type: 'include', value: 'shared' }]);
    expect(diagnostics).toEqual([
      ['unsupported-check-type', 5, 16],
      ['unsupported-field', 6, 9],
    ]);
  });
});

describe('assertion parameters, checked when the file loads', () => {
  it('a wrong parameter is an error at its own line, naming what to write, before anything runs', () => {
    const { checks, diagnostics } = checksOf(['{type: latency, threshold: fast}', '{type: contains, value: x}']);
    expect(checks).toEqual([{ type: 'contains', value: 'x' }]);
    expect(diagnostics).toEqual([['invalid-check', 5, 36]]);
  });

  it('a parameter the type does not take is a warning naming the closest one', () => {
    const text = ['prompts: ["{{ input }}"]', 'tests:', '  - vars: {input: hi}', '    assert:'];
    const { diagnostics } = loadAgentv(
      FILE,
      [...text, '      - {type: levenshtein, value: x, treshold: 2}'].join('\n'),
    );
    expect(diagnostics.map((d) => [d.severity, d.line, d.message])).toEqual([
      ['warning', 5, 'levenshtein does not take "treshold", so it is ignored; did you mean "threshold"?'],
    ]);
  });
});
