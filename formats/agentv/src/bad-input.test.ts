import { describe, expect, it } from 'vitest';
import { loadAgentv } from './load-agentv.js';

// A path under no SKILL.md and no .git: nothing here reads the disk except those lookups.
const FILE = '/nonexistent-skill-eval-test/evals/suite.eval.yaml';
const load = (lines: string[]) => loadAgentv(FILE, lines.join('\n'));
const where = (diagnostics: { ruleId: string; line?: number; column?: number }[]) =>
  diagnostics.map((d) => [d.ruleId.replace('agentv/', ''), d.line, d.column]);
const message = (diagnostics: { line?: number; column?: number; message: string }[], line: number, column: number) =>
  diagnostics.find((d) => d.line === line && d.column === column)?.message;

describe('broken files', () => {
  it('reports YAML syntax errors with their position and loads nothing', () => {
    const { suites, diagnostics } = load(['tests:', '  - id: a', '    vars: {input: hi', '  - id: b']);
    expect(suites).toEqual([]);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.ruleId === 'agentv/syntax' && d.severity === 'error' && d.line && d.column)).toBe(
      true,
    );
    expect(diagnostics[0]!.message).toMatch(/^Invalid YAML: /);
  });

  it('an empty file, a list, and a map without tests are one error each', () => {
    expect(where(load(['  ']).diagnostics)).toEqual([['syntax', 1, 1]]);
    const list = load(['- id: a', '  input: hi']);
    expect(where(list.diagnostics)).toEqual([['not-an-eval-file', 1, 1]]);
    expect(list.diagnostics[0]!.message).toContain('tests: file://');
    const none = load(['name: x', 'description: nothing here']);
    expect(where(none.diagnostics)).toEqual([['missing-tests', 1, 1]]);
  });
});

describe('v5 hard errors, mirrored from AgentV with its migration hints', () => {
  it('test-level input/expected_output and top-level target in a v5 file are errors at their keys', () => {
    const { suites, diagnostics } = load([
      'providers: [claude]',
      'target: default',
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: a',
      '    input: Hello',
      '    expected_output: Hi',
      '    assert: [ok]',
    ]);
    expect(where(diagnostics.filter((d) => d.severity === 'error'))).toEqual([
      ['removed-field', 2, 1],
      ['removed-field', 6, 5],
      ['removed-field', 7, 5],
    ]);
    expect(message(diagnostics, 2, 1)).toMatch(/^Top-level 'target' has been removed in AgentV 5\. .*providers/);
    expect(message(diagnostics, 6, 5)).toMatch(
      /^Test-level 'input' is not accepted by AgentV 5 .*vars: \{input: …\}.*prompts: \['\{\{ input \}\}'\]/,
    );
    expect(message(diagnostics, 7, 5)).toMatch(/vars\.expected_output/);
    // The case is still read (as 4.x would), so every problem shows at once.
    const c = suites[0]!.cases[0]!;
    expect([c.turns, c.reference, c.source.dialect, c.engine]).toEqual([['Hello'], 'Hi', 'agentv-5', 'claude-code']);
  });

  it('eval_cases, execution and imports at top level of a v5 file', () => {
    const { diagnostics } = load([
      'default_test: {assert: [ok]}',
      'execution: {threshold: 0.5}',
      'imports: [a.yaml]',
      'eval_cases:',
      '  - vars: {input: hi}',
    ]);
    expect(where(diagnostics.filter((d) => d.severity === 'error'))).toEqual([
      ['removed-field', 2, 1],
      ['removed-field', 3, 1],
      ['removed-field', 4, 1],
    ]);
    expect(message(diagnostics, 4, 1)).toBe(
      "Top-level 'eval_cases' has been removed from authored eval YAML. Use 'tests' instead.",
    );
  });

  it('a consistent 4.x file loads as agentv-4: input messages, expected_output, criteria, assertions, execution', () => {
    const { suites, diagnostics } = load([
      'description: old style',
      'target: default',
      'execution:',
      '  threshold: 0.7',
      'tests:',
      '  - id: greet',
      '    input:',
      '      - role: system',
      '        content: Be terse.',
      '      - role: user',
      '        content: Say hi to {{ name }}',
      '    vars: {name: Ada}',
      '    expected_output: Hi Ada',
      '    criteria: Greets Ada by name',
      '    assertions:',
      '      - type: llm_judge',
      '        prompt: Is it friendly?',
      '      - type: contains',
      '        value: Ada',
      '  - id: second',
      '    input: Just text',
      '    criteria: Answers',
    ]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(where(diagnostics)).toEqual([
      ['unsupported-field', 2, 1],
      ['dropped-by-agentv', 16, 15],
    ]);
    // 4.42.4 skips a deprecated llm_judge ("Use 'llm-grader' instead"); what AgentV 5 would say is not this file's.
    expect(message(diagnostics, 16, 15)).toMatch(/^AgentV 4 skips this assertion: 'llm_judge' is deprecated there/);
    const [greet, second] = suites[0]!.cases;
    expect(greet).toMatchObject({
      system: 'Be terse.',
      turns: ['Say hi to Ada'],
      reference: 'Hi Ada\n\nCriteria: Greets Ada by name',
      threshold: 0.7,
      checks: [{ type: 'contains', value: 'Ada' }],
      source: { dialect: 'agentv-4', line: 6, column: 5 },
    });
    expect(second!.checks).toEqual([{ type: 'llm-rubric', value: 'Answers', name: 'criteria', agentv: true }]);
    expect(suites[0]!.settings).toMatchObject({ dialect: 'agentv-4', agentv: { target: 'default' } });
  });
});

describe('tests and assertions', () => {
  it('wrong types, missing types, blank asserts, bad thresholds, duplicate ids: all reported at their values', () => {
    const { suites, diagnostics } = load([
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: 7',
      '    vars: {input: a}',
      '    assert:',
      '      - type: contains',
      '        value: [x]',
      '      - {value: 3}',
      '      - 42',
      '      - type: llm-rubric',
      '      - ""',
      '    threshold: 2',
      '  - id: dup',
      '    vars: {input: b}',
      '    assert: [ok]',
      '  - id: dup',
      '    vars: {input: c}',
      '    assert: [ok]',
      '  - vars: nope',
      '    assert: [ok]',
    ]);
    expect(where(diagnostics)).toEqual([
      ['id-not-string', 3, 9],
      ['invalid-check', 7, 16],
      ['missing-type', 8, 9],
      ['wrong-type', 9, 9],
      ['missing-criteria', 10, 9],
      ['blank-assertion', 11, 9],
      ['wrong-type', 12, 16],
      ['duplicate-id', 16, 9],
      ['wrong-type', 19, 11],
      ['missing-var', 1, 11],
    ]);
    // `vars: nope` is no vars: AgentV 5 renders nothing then (interpolateCaseField, yaml-parser.ts at f0c5db805c20,
    // line 453) and sends "{{ input }}" as written (run on loadTests of that version).
    expect(message(diagnostics, 1, 11)).toBe(
      'The prompt uses {{ input }} but this test has no vars; AgentV sends the prompt as written, braces and all. Add vars to the test.',
    );
    expect(message(diagnostics, 3, 9)).toBe('The id 7 is a number; AgentV requires a string, so write id: "7".');
    expect(message(diagnostics, 7, 16)).toBe(
      '"value" of contains is a list; write the text to look for (a non-empty string; a number is read as written).',
    );
    expect(message(diagnostics, 12, 16)).toBe('"threshold" is 2; write a number between 0 and 1.');
    expect(message(diagnostics, 16, 9)).toBe(
      'Test id "dup" is used again (first at suite.eval.yaml:13); give each test a unique id.',
    );
    expect(suites[0]!.cases.map((c) => [c.id, c.rawId, c.threshold])).toEqual([
      ['7', 7, undefined],
      ['dup', 'dup', undefined],
      ['4', undefined, undefined],
    ]);
  });

  it('templates: {{ name }} is substituted; filters and tags are left as written with a warning naming the template', () => {
    const { suites, diagnostics } = load([
      'prompts:',
      '  - "Hi {{ name | upper }}, {{ who.first }}! {{ missing }}"',
      'tests:',
      '  - vars: {name: ada, who: {first: Ada}}',
      '    assert: [ok]',
    ]);
    expect(suites[0]!.cases[0]!.turns).toEqual(['Hi {{ name | upper }}, Ada! ']);
    expect(where(diagnostics)).toEqual([
      ['template-unsupported', 2, 5],
      ['missing-var', 2, 5],
    ]);
    expect(diagnostics[0]!.message).toContain('"Hi {{ name | upper }}, {{ who.first }}! {{ missing }}"');
    expect(diagnostics[1]!.message).toBe(
      'The prompt uses {{ missing }} but this test sets no vars.missing; it is rendered empty.',
    );
  });

  it('templates: {{ env.X }} reads the environment in AgentV, so it is left as written with a warning, not blanked', () => {
    const { suites, diagnostics } = load([
      'prompts:',
      '  - "Deploy to {{ env.TARGET }} as {{ who }}"',
      'tests:',
      '  - vars: {who: ada}',
      '    assert: [ok]',
    ]);
    expect(suites[0]!.cases[0]!.turns).toEqual(['Deploy to {{ env.TARGET }} as ada']);
    // AgentV renders it from the loading machine's environment (interpolateEnv, yaml-parser.ts:1429 at 58f316ca2).
    expect(where(diagnostics)).toEqual([['env-template', 2, 5]]);
    expect(diagnostics[0]!.message).toContain('{{ env.TARGET }}');
  });

  it('fields the runner cannot honour are kept and named in a warning', () => {
    const { suites, diagnostics } = load([
      'requires: {agentv: ">=5"}',
      'derived_metrics: [{name: m, value: a + b}]',
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: a',
      '    vars: {input: hi}',
      '    depends_on: [b]',
      '    colour: red',
      '    assert: [ok]',
    ]);
    expect(where(diagnostics)).toEqual([
      ['unsupported-field', 1, 1],
      ['unsupported-field', 2, 1],
      ['unsupported-field', 7, 5],
      ['unknown-field', 8, 5],
    ]);
    expect(diagnostics[0]!.message).toBe(
      '"requires" is kept in the suite settings, but skill-eval\'s runner does not honour it.',
    );
    expect(suites[0]!.settings.agentv).toEqual({
      requires: { agentv: '>=5' },
      derived_metrics: [{ name: 'm', value: 'a + b' }],
    });
    expect(suites[0]!.cases[0]!.metadata).toEqual({
      agentv: { depends_on: ['b'], colour: 'red' },
      vars: { input: 'hi' },
    });
  });

  it('a 4.x test without a string id, or without input, is skipped as 4.42.4 skips it, with a warning about 4.x', () => {
    const { suites, diagnostics } = load([
      'tests:',
      '  - input: no id here',
      '    criteria: Answers',
      '  - id: 7',
      '    input: a number id',
      '    criteria: Answers',
      '  - id: no-input',
      '    criteria: Answers',
      '  - id: kept',
      '    input: fine',
      '    criteria: Answers',
    ]);
    expect(where(diagnostics)).toEqual([
      ['dropped-by-agentv', 2, 5],
      ['dropped-by-agentv', 4, 9],
      ['dropped-by-agentv', 7, 5],
    ]);
    expect(message(diagnostics, 4, 9)).toMatch(/^AgentV 4 skips this test: it has the id 7, which is not a string/);
    expect(message(diagnostics, 7, 5)).toMatch(/^AgentV 4 skips this test: it has no input/);
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['kept']);
  });

  // grader-parser.ts (EntityProcess/agentv 58f316ca2) throws on each of these types, and the loader skips the test.
  it('4.x assertion types in a v5 file make AgentV 5 skip the test, and skill-eval too, saying why at each', () => {
    const { suites, diagnostics } = load([
      'threshold: 0.8',
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - vars: {input: hi}',
      '    assert:',
      '      - type: skill-trigger',
      '        skill: deploy',
      '        should_trigger: false',
      '      - type: composite',
      '        aggregator: {type: threshold, threshold: 0.5}',
      '        assertions: [{type: is_json}, {type: regex, value: "^a", flags: i}]',
      '      - type: tool_trajectory',
      '        mode: in_order',
      '        expected: [{tool: Read}, {tool: Edit}]',
    ]);
    expect(where(diagnostics)).toEqual([
      ['dropped-by-agentv', 6, 15],
      ['dropped-by-agentv', 9, 15],
      ['dropped-by-agentv', 12, 15],
    ]);
    expect(message(diagnostics, 9, 15)).toMatch(
      /refuses the assertion type 'composite' \("Use 'assert-set' instead\."\)/,
    );
    expect(suites[0]?.cases ?? []).toEqual([]);
  });
});
