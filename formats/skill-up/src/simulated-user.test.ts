import { afterEach, describe, expect, it } from 'vitest';
import { SKILL_MD, stage, where } from './test-support/corpus.js';

// How skill-up reads a simulated user (alibaba/skill-up): eval.yaml's `user_simulator` names the model
// (internal/usersimulator/simulator.go:60-61 requires provider, model and an openai or anthropic protocol); a case's
// `user_simulator.scenario` with a prompt is an autonomous conversation, with `respond` turns a mixed one
// (internal/evaluator/multiturn.go:153-165); `content` and `respond` exclude each other and `respond` needs the scenario
// (internal/config/user_simulator_test.go).

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});
const staged = (files: Record<string, string>) => {
  const s = stage({ 'SKILL.md': SKILL_MD, ...files });
  cleanup = s.cleanup;
  return s;
};
const suite = (simulator: string[], ...cases: string[]) =>
  [
    'schema_version: v1alpha1',
    'environment: {type: none}',
    ...simulator,
    'cases:',
    `  files: [${cases.map((c) => `evals/cases/${c}.yaml`).join(', ')}]`,
    '  defaults: {max_turns: 6}',
  ].join('\n');
const SIMULATOR = [
  'user_simulator:',
  '  provider: simulation',
  '  protocol: anthropic',
  '  model: sim-model',
  '  timeout_seconds: 60',
];

describe('skill-up user simulator', () => {
  it("skill-up's own example (mixed and autonomous) reads as the simulator runs it", () => {
    const s = staged({
      'evals/eval.yaml': suite(SIMULATOR, 'mixed', 'auto'),
      // examples/user-simulator/evals/cases/mixed-turns.yaml and autonomous-turns.yaml, abridged.
      'evals/cases/mixed.yaml': [
        'id: mixed-turns',
        'user_simulator:',
        '  scenario: You want staging with two replicas.',
        'input:',
        '  turns:',
        '    - role: user',
        '      content: Help me configure a deployment.',
        '    - role: user',
        "      respond: Answer the agent's question about the environment and replica count.",
        '    - role: user',
        '      content: Change the replica count to three. Do not deploy.',
        'expect: {must_contain: [REPLICAS=3]}',
      ].join('\n'),
      'evals/cases/auto.yaml': [
        'id: autonomous-turns',
        'user_simulator: {scenario: Stop once the agent confirmed no deploy.}',
        'input: {prompt: Help me configure a deployment.}',
        'constraints: {max_turns: 4}',
        'expect: {must_contain: [DEPLOY=NO]}',
      ].join('\n'),
    });
    const loaded = s.load('evals/eval.yaml');
    expect(loaded.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    // The provider is named in an info: its key and endpoint are not what plays the user here.
    expect(where(loaded.diagnostics)).toEqual([['user-simulator', 4, 13]]);
    const [mixed, auto] = loaded.suites[0]!.cases;
    expect(mixed!.turns).toEqual([
      'Help me configure a deployment.',
      "Answer the agent's question about the environment and replica count.",
      'Change the replica count to three. Do not deploy.',
    ]);
    expect(mixed!.userSimulator).toEqual({
      scenario: 'You want staging with two replicas.',
      respond: [1],
      autonomous: false,
      maxTurns: 6,
      model: 'anthropic/sim-model',
      timeoutSeconds: 60,
    });
    expect(auto!.turns).toEqual(['Help me configure a deployment.']);
    expect(auto!.userSimulator).toMatchObject({ respond: [], autonomous: true, maxTurns: 4 });
  });

  it('eval.yaml user_simulator without a model or with another protocol is an error at its key', () => {
    const s = staged({
      'evals/eval.yaml': suite(['user_simulator: {provider: openai, protocol: grpc, model: m}'], 'a'),
      'evals/cases/a.yaml': 'input: {prompt: p}\nexpect: {exit_code: 0}\n',
    });
    expect(where(s.load('evals/eval.yaml').diagnostics)).toEqual([['bad-value', 3, 46]]);
    const t = staged({
      'evals/eval.yaml': suite(['user_simulator: {provider: openai, protocol: openai}'], 'a'),
      'evals/cases/a.yaml': 'input: {prompt: p}\nexpect: {exit_code: 0}\n',
    });
    const missing = t.load('evals/eval.yaml').diagnostics.filter((d) => d.ruleId === 'skill-up/user-simulator');
    expect(missing.map((d) => [d.severity, d.line, d.message])).toEqual([
      [
        'error',
        3,
        'user_simulator needs model: skill-up refuses a simulator without provider, model and protocol (openai or anthropic).',
      ],
    ]);
  });

  it('a turn with content and respond, and more fixed turns than max_turns, are refused at their line', () => {
    const s = staged({
      'evals/eval.yaml': suite(SIMULATOR, 'both', 'long'),
      'evals/cases/both.yaml': [
        'user_simulator: {scenario: s}',
        'input:',
        '  turns:',
        '    - {role: user, content: a, respond: b}',
        'expect: {exit_code: 0}',
      ].join('\n'),
      'evals/cases/long.yaml': [
        'user_simulator: {scenario: s}',
        'constraints: {max_turns: 1}',
        'input:',
        '  turns:',
        '    - {role: user, content: a}',
        '    - {role: user, respond: b}',
        'expect: {exit_code: 0}',
      ].join('\n'),
    });
    const loaded = s.load('evals/eval.yaml');
    expect(loaded.suites[0]?.cases ?? []).toEqual([]);
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error' && d.ruleId !== 'skill-up/no-cases');
    expect(errors.map((d) => [d.file.endsWith('both.yaml') ? 'both' : 'long', d.ruleId, d.line])).toEqual([
      ['both', 'skill-up/bad-value', 4],
      ['long', 'skill-up/bad-value', 5],
    ]);
    expect(errors[1]!.message).toBe(
      'The case requires 2 turns but max_turns is 1; skill-up refuses it. Raise constraints.max_turns.',
    );
  });

  it('a scenario with fixed turns only asks no simulator: the case runs its turns as written', () => {
    const s = staged({
      'evals/eval.yaml': suite(SIMULATOR, 'fixed'),
      'evals/cases/fixed.yaml': [
        'user_simulator: {scenario: s}',
        'input:',
        '  turns:',
        '    - {role: user, content: a}',
        '    - {role: user, content: b}',
        'expect: {exit_code: 0}',
      ].join('\n'),
    });
    const [c] = s.load('evals/eval.yaml').suites[0]!.cases;
    expect(c!.turns).toEqual(['a', 'b']);
    expect(c!.userSimulator).toBeUndefined();
  });
});
