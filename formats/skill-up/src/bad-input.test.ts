import { describe, expect, it } from 'vitest';
import { loadSkillUp } from './load-skill-up.js';
import { where } from './test-support/corpus.js';

// Paths under no SKILL.md and no eval.yaml: nothing here reads the disk but the root and owner lookups.
const CASE = '/nonexistent-skill-eval-test/evals/cases/c.yaml';
const SUITE = '/nonexistent-skill-eval-test/evals/eval.yaml';
const load = (lines: string[], file = CASE) => loadSkillUp(file, lines.join('\n'));
const withoutContext = (diagnostics: { ruleId: string; line?: number; column?: number }[]) =>
  where(diagnostics as never).filter(([rule]) => rule !== 'standalone-case' && rule !== 'no-skill-root');

describe('broken YAML', () => {
  it('reports the syntax error with its line and column and loads nothing', () => {
    const { suites, diagnostics } = load(['input:', '  prompt: "never closed', 'judge:', '  type: rule_based']);
    expect(suites).toEqual([]);
    expect(diagnostics.every((d) => d.ruleId === 'skill-up/syntax' && d.severity === 'error' && d.file === CASE)).toBe(
      true,
    );
    expect(where(diagnostics)).toEqual([['syntax', 4, 19]]);
    expect(diagnostics[0]!.message).toBe('Invalid YAML: Missing closing "quote');
  });

  it('a key written twice is an error at the repeat', () => {
    const { diagnostics } = load(['input:', '  prompt: a', '  prompt: b']);
    expect(where(diagnostics)).toEqual([['syntax', 3, 3]]);
  });

  it('an empty file and a file holding a list are one error each', () => {
    expect(where(load(['  ', '']).diagnostics)).toEqual([['empty-file', 1, 1]]);
    const list = load(['- input: {prompt: p}']);
    expect(where(list.diagnostics)).toEqual([['wrong-type', 1, 1]]);
    expect(list.diagnostics[0]!.message).toBe(
      'The file holds a list; a skill-up case file (input.prompt, judge …) is a map of keys.',
    );
  });
});

describe('case file schema', () => {
  it('reports every wrong type, bad value and unknown key at once, each at its node', () => {
    const { suites, diagnostics } = load([
      'id: c',
      'input:',
      '  prompt: 3',
      'constraints:',
      '  timeout_seconds: ten',
      'judge:',
      '  type: llm',
      '  pass_treshold: 0.5',
      'colour: red',
    ]);
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([
      ['wrong-type', 3, 11],
      ['wrong-type', 5, 20],
      ['bad-value', 7, 9],
      ['unknown-key', 8, 3],
      ['unknown-key', 9, 1],
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      '"input.prompt" is the number 3; write a string.',
      '"constraints.timeout_seconds" is the text "ten"; write a number.',
      '"judge.type" is "llm"; use one of "rule_based", "script", "agent_judge".',
      'Unknown key "pass_treshold" in judge; skill-up ignores it. It is kept in metadata; check its spelling.',
      'Unknown key "colour"; skill-up ignores it. It is kept in metadata; check its spelling.',
    ]);
  });

  it('a negative timeout_seconds or max_turns is an error at its value, in the case and in the suite defaults', () => {
    const own = load(['input: {prompt: hi}', 'constraints:', '  timeout_seconds: -10', '  max_turns: -3']);
    expect(withoutContext(own.diagnostics)).toEqual([
      ['bad-value', 3, 20],
      ['bad-value', 4, 14],
    ]);
    expect(own.diagnostics.find((d) => d.line === 3)!.message).toBe(
      '"constraints.timeout_seconds" is -10; it must be at least 0.',
    );
    const suite = load(
      [
        'schema_version: v1alpha1',
        'environment: {type: none}',
        'cases:',
        '  files: [evals/cases/c.yaml]',
        '  defaults: {timeout_seconds: 300, max_turns: -1}',
      ],
      SUITE,
    );
    expect(withoutContext(suite.diagnostics)).toEqual([['bad-value', 5, 47]]);
    expect(suite.diagnostics.find((d) => d.ruleId === 'skill-up/bad-value')!.severity).toBe('error');
  });

  it('a missing input is an error at the top of the file', () => {
    const { diagnostics } = load(['id: c', 'judge: {type: rule_based}']);
    expect(where(diagnostics)).toEqual([['missing-key', 1, 1]]);
    expect(diagnostics[0]!.message).toBe('"input" is missing; add it (a map).');
  });

  it('unknown keys only warn: the case loads and keeps them in metadata', () => {
    const { suites, diagnostics } = load(['input: {prompt: p}', 'owner: team-a', 'expect: {must_contain: [x]}']);
    expect(withoutContext(diagnostics)).toEqual([['unknown-key', 2, 1]]);
    expect(suites[0]!.cases[0]!.metadata).toEqual({ owner: 'team-a' });
  });
});

describe('input', () => {
  it('prompt and turns together are an error (skill-up: mutually exclusive)', () => {
    const { suites, diagnostics } = load(['input:', '  prompt: p', '  turns:', '    - {role: user, content: q}']);
    expect(suites).toEqual([]);
    expect(withoutContext(diagnostics)).toEqual([['bad-value', 4, 5]]);
  });

  it('an empty prompt without turns is a missing input', () => {
    const { diagnostics } = load(['input:', '  prompt: ""']);
    expect(withoutContext(diagnostics)).toEqual([['missing-input', 2, 3]]);
  });

  it('turns need role user and content; every problem is reported', () => {
    const { suites, diagnostics } = load([
      'input:',
      '  turns:',
      '    - {role: assistant, content: hi}',
      '    - {content: no role}',
      '    - {role: user}',
    ]);
    expect(suites).toEqual([]);
    expect(withoutContext(diagnostics)).toEqual([
      ['bad-value', 3, 14],
      ['missing-key', 4, 7],
      ['missing-key', 5, 7],
    ]);
  });

  it('multi-turn: a simulated (respond) turn needs a scenario (skill-up validator); post-conditions warn', () => {
    const { suites, diagnostics } = load([
      'input:',
      '  turns:',
      '    - role: user',
      '      content: first',
      '      post_condition: {must_contain_any: [ok], on_fail: fail}',
      '    - role: user',
      '      respond: ask back',
      '    - role: user',
      '      content: last',
    ]);
    expect(withoutContext(diagnostics)).toEqual([
      ['not-honoured', 5, 23],
      ['user-simulator', 7, 16],
    ]);
    expect(diagnostics.find((d) => d.ruleId === 'skill-up/user-simulator')?.message).toMatch(
      /requires user_simulator\.scenario/,
    );
    expect(suites).toEqual([]);
  });

  it('a simulated case without an eval.yaml user_simulator is refused, as skill-up refuses it', () => {
    const { suites, diagnostics } = load([
      'input: {prompt: Create the config}',
      'user_simulator: {scenario: staging only}',
      'expect: {must_contain: [ok]}',
    ]);
    expect(withoutContext(diagnostics)).toEqual([['user-simulator', 2, 17]]);
    expect(diagnostics.find((d) => d.ruleId === 'skill-up/user-simulator')?.message).toMatch(
      /eval\.yaml has no complete user_simulator/,
    );
    expect(suites).toEqual([]);
  });
});

describe('judges and rules', () => {
  it('a newer skill-up "judges" list is read, in a case and in eval.yaml; a key no skill-up reads stays a warning', () => {
    const judges = ['judges:', '  - id: rules', '    type: rule_based', '    success: [{output_contains: {all: [x]}}]'];
    const inCase = load(['input: {prompt: p}', ...judges]);
    expect(withoutContext(inCase.diagnostics)).toEqual([]);
    expect(inCase.suites[0]!.cases[0]!.checks).toMatchObject([{ type: 'contains-all', value: ['x'], required: true }]);
    const inSuite = load(['schema_version: v1alpha1', 'environment: {type: none}', ...judges], SUITE);
    expect(where(inSuite.diagnostics).filter(([rule]) => String(rule).includes('judge'))).toEqual([]);
    expect(where(load(['input: {prompt: p}', 'expect: {exit_code: 0}', 'judgez: 1']).diagnostics)).toContainEqual([
      'unknown-key',
      3,
      1,
    ]);
  });

  it('a judges list skill-up refuses is an error at the place to fix: judge with judges, bad or repeated ids, empty', () => {
    const member = (id: string) => [`  - id: ${id}`, '    type: rule_based', '    success: [{exit_code: 0}]'];
    const both = load([
      'input: {prompt: p}',
      'judge: {type: rule_based, success: [{exit_code: 0}]}',
      'judges:',
      ...member('a'),
    ]);
    expect(withoutContext(both.diagnostics)).toEqual([['judge-and-judges', 3, 1]]);
    expect(both.diagnostics.find((d) => d.ruleId === 'skill-up/judge-and-judges')?.message).toContain('Keep one');
    const ids = load(['input: {prompt: p}', 'judges:', ...member('Check.1'), ...member('ok'), ...member('ok')]);
    expect(withoutContext(ids.diagnostics)).toEqual([
      ['bad-judge-id', 3, 9],
      ['bad-judge-id', 9, 9],
    ]);
    expect(ids.diagnostics.filter((d) => d.ruleId === 'skill-up/bad-judge-id').map((d) => d.message)).toEqual([
      expect.stringContaining('"judges[0].id" is "Check.1"; skill-up takes a lowercase letter'),
      expect.stringContaining('"judges[2].id" repeats the id "ok"'),
    ]);
    expect(withoutContext(load(['input: {prompt: p}', 'judges: []']).diagnostics)).toEqual([['bad-value', 2, 9]]);
    const noType = load(['input: {prompt: p}', 'judges:', '  - id: a', '    criteria: [c]']);
    expect(withoutContext(noType.diagnostics)).toEqual([['missing-key', 3, 5]]);
  });

  it('agent_judge members naming different models: the first grades, the others are a warning at their model', () => {
    const { suites, diagnostics } = load([
      'input: {prompt: p}',
      'judges:',
      '  - {id: a, type: agent_judge, model: m1, criteria: [c1]}',
      '  - {id: b, type: agent_judge, model: m2, criteria: [c2], context: {profile: lean}}',
    ]);
    expect(withoutContext(diagnostics)).toEqual([
      ['not-honoured', 4, 68],
      ['not-honoured', 4, 39],
    ]);
    const testCase = suites[0]!.cases[0]!;
    expect(testCase.judge).toBe('m1');
    expect(testCase.threshold).toBeUndefined();
    expect(testCase.checks).toMatchObject([
      {
        type: 'assert-set',
        name: 'judge a',
        threshold: 0.7,
        required: true,
        checks: [{ type: 'llm-rubric', value: 'c1' }],
      },
      {
        type: 'assert-set',
        name: 'judge b',
        threshold: 0.7,
        required: true,
        checks: [{ type: 'llm-rubric', value: 'c2' }],
      },
    ]);
    expect(testCase.metadata.judgesSettings).toEqual({ b: { context: { profile: 'lean' } } });
  });

  it('rules refused by an error leave that error alone: no follow-on "no expect and no judge" warning', () => {
    const refused = load(['input: {prompt: p}', 'judge: {type: rule_based, success: [{}]}']);
    expect(withoutContext(refused.diagnostics)).toEqual([['empty-rule', 2, 37]]);
    // A case that truly has nothing to grade still says so.
    expect(withoutContext(load(['input: {prompt: p}']).diagnostics)).toEqual([['nothing-to-grade', 1, 1]]);
  });

  it('an RE2 pattern JavaScript cannot run is an error at the pattern; translatable ones are translated', () => {
    const { suites, diagnostics } = load([
      'input: {prompt: p}',
      'judge:',
      '  type: rule_based',
      '  success:',
      '    - output_matches:',
      '        all: ["(?U)a+", "(?i)(?P<word>x[[:digit:]])"]',
      '        any: ["(?m)^a", "(?m)^b"]',
    ]);
    expect(withoutContext(diagnostics)).toEqual([['invalid-regex', 6, 15]]);
    expect(diagnostics.find((d) => d.ruleId === 'skill-up/invalid-regex')!.message).toContain(
      'the inline flag U has no JavaScript equivalent',
    );
    expect(suites[0]!.cases[0]!.checks).toEqual([
      { type: 'regex', value: '(?<word>x[0-9])', flags: 'i', required: true },
      { type: 'regex', value: '(?:^a)|(?:^b)', flags: 'm', required: true },
    ]);
  });

  it('a rule with two keys keeps the first (as skill-up) and warns; an empty rule is an error', () => {
    const { suites, diagnostics } = load([
      'input: {prompt: p}',
      'judge:',
      '  type: rule_based',
      '  success:',
      '    - exit_code: 0',
      '      files_exist: [a.txt]',
      '    - {}',
    ]);
    expect(withoutContext(diagnostics)).toEqual([
      ['rule-several-keys', 6, 7],
      ['empty-rule', 7, 7],
    ]);
    expect(suites[0]!.cases[0]!.checks).toEqual([{ type: 'exit-code', value: 0, required: true }]);
  });

  it('an empty files_exist list is no check, as skill-up dispatches it: alone it is an empty rule', () => {
    const { suites, diagnostics } = load([
      'input: {prompt: p}',
      'judge:',
      '  type: rule_based',
      '  success:',
      '    - files_exist: []',
      '    - {files_not_exist: [], exit_code: 0}',
    ]);
    expect(withoutContext(diagnostics)).toEqual([['empty-rule', 5, 7]]);
    expect(diagnostics.find((d) => d.ruleId.endsWith('empty-rule'))?.message).toMatch(
      /empty files_exist list counts as none/,
    );
    expect(suites[0]!.cases[0]!.checks).toEqual([{ type: 'exit-code', value: 0, required: true }]);
  });

  it('failure rules become fail-if conditions; a rule saying two things is one all-must-hold set', () => {
    const { suites } = load([
      'input: {prompt: p}',
      'judge:',
      '  type: rule_based',
      '  failure:',
      '    - output_contains: {any: [LGTM]}',
      '    - output_contains: {all: [a, b], not: [c]}',
      '    - tool_called: {name: "github::merge", args: {force: true}}',
    ]);
    expect(suites[0]!.cases[0]!.failIf).toEqual([
      { type: 'contains-any', value: ['LGTM'] },
      {
        type: 'assert-set',
        threshold: 1,
        checks: [
          { type: 'contains-all', value: ['a', 'b'] },
          { type: 'contains-any', value: ['c'], negate: true },
        ],
      },
      { type: 'tool-called', value: 'github::merge', args: { force: true } },
    ]);
  });

  it('script and agent_judge need their fields', () => {
    const script = load(['input: {prompt: p}', 'judge: {type: script}']);
    expect(withoutContext(script.diagnostics)).toEqual([['missing-key', 2, 8]]);
    const agent = load(['input: {prompt: p}', 'judge:', '  type: agent_judge', '  timeout_seconds: 60']);
    expect(withoutContext(agent.diagnostics)).toEqual([
      ['missing-key', 3, 3],
      ['not-honoured', 4, 20],
    ]);
  });

  it('per-turn rules become checks on their turn, success and failure alike', () => {
    const { suites, diagnostics } = load([
      'input:',
      '  turns:',
      '    - {role: user, content: one}',
      '    - {role: user, content: two}',
      'judge:',
      '  type: rule_based',
      '  success:',
      '    - turn_response_contains: {turn: 1, contains_all: [x, y], contains_any: [z]}',
      '    - turn_response_not_contains: {turn: 2, not_contains: [sorry]}',
      '    - tool_called_in_turn: {turn: 2, name: Write, args: {file_path: a.txt}}',
      '    - tool_not_called_in_turn: {turn: 1, name: Bash}',
      '  failure:',
      '    - tool_called_in_turn: {turn: 1, name: Skill}',
      '    - turn_response_contains: {turn: 2, contains_all: [a], contains_any: [b]}',
    ]);
    expect(withoutContext(diagnostics)).toEqual([]);
    const c = suites[0]!.cases[0]!;
    expect(c.checks).toEqual([
      { type: 'contains-all', value: ['x', 'y'], turn: 1, required: true },
      { type: 'contains-any', value: ['z'], turn: 1, required: true },
      { type: 'contains-any', value: ['sorry'], negate: true, turn: 2, required: true },
      { type: 'tool-called', value: 'Write', args: { file_path: 'a.txt' }, turn: 2, required: true },
      { type: 'tool-not-called', value: 'Bash', turn: 1, required: true },
    ]);
    expect(c.failIf).toEqual([
      { type: 'tool-called', value: 'Skill', turn: 1 },
      {
        type: 'assert-set',
        threshold: 1,
        checks: [
          { type: 'contains-all', value: ['a'], turn: 2 },
          { type: 'contains-any', value: ['b'], turn: 2 },
        ],
      },
    ]);
    expect(c.metadata.turnRules).toBeUndefined();
  });

  it('a per-turn Skill call does not make a trigger_test a trigger case', () => {
    const { suites } = load([
      'tag: trigger_test',
      'input: {prompt: p}',
      'judge:',
      '  type: rule_based',
      '  success:',
      '    - tool_called_in_turn: {turn: 1, name: Skill}',
    ]);
    const c = suites[0]!.cases[0]!;
    expect([c.kind, c.checks]).toEqual(['task', [{ type: 'tool-called', value: 'Skill', turn: 1, required: true }]]);
  });

  it('a judge without type is ignored, as skill-up does, with a warning', () => {
    const { diagnostics, suites } = load(['input: {prompt: p}', 'judge:', '  criteria: [x]']);
    expect(withoutContext(diagnostics)).toEqual([
      ['judge-without-type', 3, 3],
      ['nothing-to-grade', 1, 1],
    ]);
    expect(suites[0]!.cases[0]!.checks).toEqual([]);
  });

  it('tag trigger_test with a Skill tool rule is a trigger case', () => {
    const yes = load([
      'tag: trigger_test',
      'input: {prompt: p}',
      'judge:',
      '  type: rule_based',
      '  success:',
      '    - tool_called: {name: Skill}',
      '    - output_contains: {any: [joke]}',
    ]);
    expect(yes.suites[0]!.cases[0]!).toMatchObject({
      kind: 'trigger',
      shouldTrigger: true,
      checks: [{ type: 'contains-any', value: ['joke'], required: true }],
    });
    const no = load([
      'tag: trigger_test',
      'input: {prompt: p}',
      'judge:',
      '  type: rule_based',
      '  failure:',
      '    - tool_called: {name: Skill}',
    ]);
    expect(no.suites[0]!.cases[0]!).toMatchObject({ kind: 'trigger', shouldTrigger: false, failIf: [] });
    expect(withoutContext(no.diagnostics)).toEqual([]);
  });
});

describe('eval.yaml schema', () => {
  it('reports a wrong schema_version, a missing environment and cases.files at once', () => {
    const { suites, diagnostics } = load(
      ['schema_version: v1beta1', 'engine:', '  name: codex', 'cases:', '  defaults: {max_turns: 3}'],
      SUITE,
    );
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([
      ['bad-value', 1, 17],
      ['missing-key', 1, 1],
      ['missing-key', 5, 3],
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      '"schema_version" is "v1beta1"; use "v1alpha1".',
      '"environment" is missing; add it (a map).',
      '"cases.files" is missing; add it (a list).',
    ]);
  });

  it('engine.name and engine.type disagreeing is an error at engine.type', () => {
    const { diagnostics } = load(
      [
        'schema_version: v1alpha1',
        'environment: {type: none}',
        'engine:',
        '  name: codex',
        '  type: qodercli',
        'cases:',
        '  files: [evals/cases/a.yaml]',
      ],
      SUITE,
    );
    expect(where(diagnostics).filter(([rule]) => rule === 'engine-conflict')).toEqual([['engine-conflict', 5, 9]]);
  });
});

describe('checks, as the catalogue reads them', () => {
  it('a rule the catalogue refuses is an error at the rule, and is left out', () => {
    const { suites, diagnostics } = load([
      'input: {prompt: p}',
      'judge:',
      '  type: rule_based',
      '  success:',
      '    - tool_called: {name: ""}',
      '    - exit_code: 0',
    ]);
    expect(withoutContext(diagnostics)).toEqual([['invalid-check', 5, 20]]);
    expect(diagnostics.find((d) => d.ruleId === 'skill-up/invalid-check')?.message).toBe(
      '"judge.success[0].tool_called": "value" of tool-called is empty; write the tool name (MCP tools as server::tool).',
    );
    expect(suites[0]!.cases[0]!.checks).toEqual([{ type: 'exit-code', value: 0, required: true }]);
  });
  it('an empty pattern is an error at its rule (skill-up matches it in every answer); an empty keyword is found, as in skill-up', () => {
    const { suites, diagnostics } = load([
      'input: {prompt: p}',
      'judge:',
      '  type: rule_based',
      '  success:',
      '    - output_matches: {all: [""]}',
      '    - output_contains: {all: [""]}',
    ]);
    expect(withoutContext(diagnostics)).toEqual([['invalid-check', 5, 23]]);
    expect(suites[0]!.cases[0]!.checks).toEqual([{ type: 'contains-all', value: [''], required: true }]);
  });
});
