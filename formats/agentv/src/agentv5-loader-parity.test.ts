import { describe, expect, it } from 'vitest';
import { useProjectFolder } from './test-support/project-folder.js';

/**
 * What AgentV 5 (EntityProcess/agentv 58f316ca2, its loader run from source: packages/differential/vendor/agentv-5)
 * drops, refuses and orders, as skill-eval reads it. Each case was loaded by that loader too; the differential test
 * packages/differential/src/agentv-loaders.test.ts runs it over every AgentV file of corpus/.
 */
const { write, load, rules } = useProjectFolder('agentv5-parity-');
const TEMPLATE = 'Grade {{ output }} against {{ criteria }}.\n';
/** A 5.x suite of one test, `t`, up to its `assert:` key: the assertions follow, indented under it. */
const ONE_TEST = ['prompts: ["{{ input }}"]', 'tests:', '  - id: t', '    vars: {input: hi}', '    assert:'];

describe('graders AgentV 5 drops', () => {
  // grader-parser.ts:1963-1973 keeps a file:// prompt as promptPath only; 1832-1836 then skips the grader ("expected
  // value or prompt"), and 774-796 an assert-set left with no member ("no valid child assertions").
  it('an llm-rubric whose only criteria is a file:// template, and an assert-set of nothing else, each with a warning', () => {
    write('evals/grader.md', TEMPLATE);
    const { suites, diagnostics } = load('evals/a.eval.yaml', [
      ...ONE_TEST,
      '      - Says hello.',
      '      - type: llm-rubric',
      '        prompt: file://grader.md',
      '      - type: assert-set',
      '        assert:',
      '          - type: llm-rubric',
      '            prompt: file://grader.md',
      '      - type: llm-rubric',
      '        prompt: file://grader.md',
      '        value: Is polite.',
    ]);
    const checks = suites[0]!.cases[0]!.checks;
    expect(checks.map((c) => c.type)).toEqual(['llm-rubric', 'llm-rubric']);
    expect(checks[1]!.value).toContain('Is polite.');
    expect(rules(diagnostics).filter(([, rule]) => rule === 'dropped-by-agentv')).toEqual([
      ['warning', 'dropped-by-agentv', 8],
      ['warning', 'dropped-by-agentv', 12],
      ['warning', 'dropped-by-agentv', 9],
    ]);
  });

  it('AgentV 4 keeps such a grader (its llm-grader reads the template with the criteria)', () => {
    write('evals/grader.md', TEMPLATE);
    const { suites, diagnostics } = load('evals/a.eval.yaml', [
      'tests:',
      '  - id: t',
      '    input: hi',
      '    criteria: Says hello.',
      '    assertions:',
      '      - {name: g, type: llm-grader, prompt: file://grader.md}',
    ]);
    expect(suites[0]!.cases[0]!.checks.map((c) => c.type)).toEqual(['llm-rubric']);
    expect(rules(diagnostics).filter(([, rule]) => rule === 'dropped-by-agentv')).toEqual([]);
  });
});

describe('score-range rubrics', () => {
  // normalizeScoreRangesShorthand (grader-parser.ts:2583-2624): each key a lower bound, the band reaching to the next
  // key less one, the last to 10; the judge sees them as llm-grader.ts:1385-1406 words them, and a criterion passes
  // with 7 or more, or min_score of 10 if that asks more (1896-1899).
  it('read as AgentV words each criterion for its judge, from the shorthand map or the list', () => {
    const { suites, diagnostics } = load('evals/a.eval.yaml', [
      ...ONE_TEST,
      '      - type: llm-rubric',
      '        value:',
      '          - id: accuracy',
      '            weight: 2',
      '            min_score: 0.8',
      '            score_ranges: {"0": Wrong., "6": Mostly right., "10": Exact.}',
      '          - outcome: Is brief',
      '            score_ranges: [{score_range: [0, 4], outcome: Long.}, {score_range: [5, 10], outcome: Short.}]',
    ]);
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const checks = suites[0]!.cases[0]!.checks;
    expect(checks.map((c) => [c.value, c.weight, c.threshold])).toEqual([
      [
        'Criterion: accuracy\nScore ranges:\n  - Score 0-5: Wrong.\n  - Score 6-9: Mostly right.\n  - Score 10: Exact.\nIt passes with a score of at least 8 of 10.',
        2 / 3,
        0.8,
      ],
      [
        'Criterion: rubric-2\nDescription: Is brief\nScore ranges:\n  - Score 0-4: Long.\n  - Score 5-10: Short.\nIt passes with a score of at least 7 of 10.',
        1 / 3,
        undefined,
      ],
    ]);
  });
});

describe('execution-metrics', () => {
  // grader-parser.ts:1350-1413: target_exploration_ratio (or targetExplorationRatio) is a bound of its own, and
  // exploration_tolerance tunes it.
  it('takes the exploration ratio as its only bound, in either spelling', () => {
    const { suites, diagnostics } = load('evals/a.eval.yaml', [
      ...ONE_TEST,
      '      - {type: execution-metrics, target_exploration_ratio: 0.5, exploration_tolerance: 0.3}',
      '      - {type: execution-metrics, targetExplorationRatio: 0.4, explorationTolerance: 0.1}',
    ]);
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(
      suites[0]!.cases[0]!.checks.map((c) => [c.type, c.target_exploration_ratio, c.exploration_tolerance]),
    ).toEqual([
      ['execution-metrics', 0.5, 0.3],
      ['execution-metrics', 0.4, 0.1],
    ]);
  });
});

describe("the order of a test's graders", () => {
  // parseGraders (grader-parser.ts:250-283): the test's own, then default_test's and the suite's (combineInherited-
  // Assertions, yaml-parser.ts:672-691), which execution.skip_defaults leaves out.
  it("puts default_test's and the suite's assertions after the test's own; skip_defaults leaves them out", () => {
    const { suites } = load('evals/a.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'default_test:',
      '  assert: [{type: contains, value: from-default}]',
      'assert: [{type: contains, value: from-suite}]',
      'tests:',
      '  - id: t',
      '    vars: {input: hi}',
      '    assert: [{type: contains, value: own}]',
      '  - id: alone',
      '    vars: {input: hi}',
      '    execution: {skip_defaults: true}',
      '    assert: [{type: contains, value: own}]',
    ]);
    expect(suites[0]!.cases.map((c) => c.checks.map((check) => check.value))).toEqual([
      ['own', 'from-default', 'from-suite'],
      ['own'],
    ]);
  });
});

describe('settings AgentV 5 refuses the file for', () => {
  // parseWorkspaceConfig (yaml-parser.ts:3305-3309) throws outside the per-test catch: loadTests refuses the file.
  it('workspace.template is an error at its line, saying what to write; AgentV 4 still reads it', () => {
    write('evals/template/README.md', 'x');
    const v5 = load('evals/a.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'workspace:',
      '  template: ./template',
      'tests:',
      '  - {id: t, vars: {input: hi}, assert: [Says hi.]}',
    ]);
    const errors = v5.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.ruleId, d.line])).toEqual([['agentv/removed-by-agentv', 3]]);
    expect(errors[0]!.message).toContain('environment: {type: host, workdir: <folder>}');
    const v4 = load('evals/b.eval.yaml', [
      'workspace:',
      '  template: ./template',
      'tests:',
      '  - {id: t, input: hi, criteria: Says hi.}',
    ]);
    expect(v4.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  // parseEnvironmentRecipe and parseSetup (environment-recipe.ts:122-255) throw on the first problem.
  it.each([
    [
      'a key its type does not take',
      ['  type: docker', '  image: node:20', '  workdir: /w', '  services: {db: {image: postgres}}'],
      'environment.services is not supported in environment recipes.',
      6,
    ],
    [
      'a type other than host or docker',
      ['  type: vm', '  workdir: ./w'],
      "environment.type must be 'host' or 'docker'.",
      3,
    ],
    [
      'a setup command written as a string',
      ['  type: host', '  workdir: ./w', '  setup: {command: npm ci}'],
      'environment.setup.command must be a non-empty string array',
      5,
    ],
    [
      'a docker recipe with neither image nor context',
      ['  type: docker', '  workdir: /w'],
      "must define either 'image' or 'context'",
      3,
    ],
    [
      'an env value that is not a string',
      ['  type: host', '  workdir: ./w', '  env: {CI: 1}'],
      'environment.env.CI must be a string.',
      5,
    ],
    [
      'a setup timeout that is not a positive number',
      ['  type: host', '  workdir: ./w', '  setup: {command: [npm, ci], timeout_ms: 0}'],
      'environment.setup.timeout_ms must be a positive number of milliseconds.',
      5,
    ],
    [
      'a mount with a key it does not take',
      ['  type: docker', '  image: node:20', '  workdir: /w', '  mounts:', '    - {source: ./w, target: /w, mode: ro}'],
      'environment.mounts[0].mode is not supported in environment recipes.',
      7,
    ],
  ])('environment with %s is an error at its line', (_, recipe, words, line) => {
    write('evals/w/x.txt', 'x');
    const { diagnostics } = load('evals/a.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'environment:',
      ...recipe,
      'tests:',
      '  - {id: t, vars: {input: hi}, assert: [Says hi.]}',
    ]);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.ruleId, d.line])).toEqual([['agentv/bad-environment', line]]);
    expect(errors[0]!.message).toContain(words);
  });

  it('a host recipe with workdir, setup argv and env loads', () => {
    write('evals/w/x.txt', 'x');
    const { diagnostics } = load('evals/a.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'environment:',
      '  type: host',
      '  workdir: ./w',
      '  setup: {command: [npm, ci], timeout_ms: 1000}',
      '  env: {CI: "1"}',
      'tests:',
      '  - {id: t, vars: {input: hi}, assert: [Says hi.]}',
    ]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
