import { readFileSync } from 'node:fs';
import { type Case, CaseSchema, SessionSchema, type Suite } from '@skill-eval/core';
import { gradeExecution } from '@skill-eval/grading';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SkillUpCaseFileSchema } from './case-schema.js';
import { SkillUpSuiteFileSchema } from './suite-schema.js';
import { bySeverity, loadCorpus, SKILL_MD, SKILL_UP, stage } from './test-support/corpus.js';
import { writeSkillUp } from './write-skill-up.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** Writes the suite into `<tmp>/evals/` and loads the written eval.yaml back. */
function roundTrip(suite: Suite) {
  const { files, lost } = writeSkillUp(suite);
  for (const f of files) {
    const schema = f.path === 'evals/eval.yaml' ? SkillUpSuiteFileSchema : SkillUpCaseFileSchema;
    expect(schema.safeParse(parse(f.text)).success, f.text).toBe(true);
  }
  const s = stage(Object.fromEntries(files.map((f) => [f.path, f.text])));
  cleanups.push(s.cleanup);
  const reloaded = s.load('evals/eval.yaml');
  expect(bySeverity(reloaded.diagnostics, 'error')).toEqual([]);
  return { lost, files, suite: reloaded.suites[0]!, root: s.dir };
}

/** A case with its root-relative paths made comparable across directories, without its source. */
function comparable(testCase: Case, root: string) {
  const { source: _s, skills: _k, ...rest } = testCase;
  return JSON.parse(JSON.stringify(rest).replaceAll(root, '<root>'));
}

function expectSameCases(before: Suite, after: Suite, afterRoot: string) {
  const beforeRoot = before.settings.skillRoot as string;
  expect(after.cases.map((c) => comparable(c, afterRoot))).toEqual(before.cases.map((c) => comparable(c, beforeRoot)));
}

const CASE_FILES = [
  'examples/code-stats/evals/cases/exclude-dependencies.yaml',
  'skills/skill-upper/evals/cases/scaffold-with-user-simulator.yaml',
  'e2e/testdata/trigger-detection/evals/cases/detect-boredom.yaml',
  'e2e/testdata/multi-turn-conversation/evals/cases/multi-turn-refinement.yaml',
];

describe('write → load round trip', () => {
  for (const relative of CASE_FILES) {
    it(`${relative.split('/').at(-1)}: same cases, nothing lost`, () => {
      const { suite } = loadCorpus(relative);
      const back = roundTrip(suite!);
      expect(back.lost).toEqual([]);
      expect(back.files.map((f) => f.path)).toEqual(['evals/eval.yaml', `evals/cases/${suite!.cases[0]!.id}.yaml`]);
      expectSameCases(suite!, back.suite, back.root);
    });
  }

  it('skill-upper eval.yaml (with stand-in cases): same cases and suite settings', () => {
    const evalYaml = readFileSync(`${SKILL_UP}skills/skill-upper/evals/eval.yaml`, 'utf8');
    const own = readFileSync(`${SKILL_UP}skills/skill-upper/evals/cases/scaffold-with-user-simulator.yaml`, 'utf8');
    const names = [
      'scaffold-new-evals',
      'add-case-to-existing',
      'scaffold-with-qodercli-engine',
      'scaffold-with-script-judge',
      'english-context-generates-english-only-cases',
    ];
    const s = stage({
      'SKILL.md': SKILL_MD,
      'evals/eval.yaml': evalYaml,
      ...Object.fromEntries(names.map((n) => [`evals/cases/${n}.yaml`, own.replace(/^id: .*\n/, '')])),
    });
    cleanups.push(s.cleanup);
    const suite = s.load('evals/eval.yaml').suites[0]!;
    const back = roundTrip(suite);
    expect(back.lost).toEqual([]);
    expectSameCases(suite, back.suite, back.root);
    const { skillRoot: _a, ...before } = suite.settings;
    const { skillRoot: _b, ...after } = back.suite.settings;
    expect(after).toEqual(before);
  });

  it('code-stats eval.yaml (with stand-in cases): the suite script judge is written per case', () => {
    const evalYaml = readFileSync(`${SKILL_UP}examples/code-stats/evals/eval.yaml`, 'utf8');
    const own = readFileSync(`${SKILL_UP}examples/code-stats/evals/cases/exclude-dependencies.yaml`, 'utf8');
    const s = stage({
      'SKILL.md': SKILL_MD,
      'evals/eval.yaml': evalYaml,
      'evals/cases/analyze-directory.yaml': 'input:\n  prompt: analyze\n',
      'evals/cases/top-extensions.yaml':
        'input:\n  turns:\n    - {role: user, content: one}\n    - {role: user, content: two, post_condition: {must_contain_any: [x]}}\n',
      'evals/cases/current-directory-format.yaml': own,
    });
    cleanups.push(s.cleanup);
    const suite = s.load('evals/eval.yaml').suites[0]!;
    const back = roundTrip(suite);
    expect(back.lost).toEqual([]);
    expectSameCases(suite, back.suite, back.root);
    const analyze = parse(back.files.find((f) => f.path === 'evals/cases/analyze-directory.yaml')!.text);
    expect(analyze.judge).toEqual({
      type: 'script',
      script_path: 'evals/fixtures/scripts/check-stats.sh',
      timeout_seconds: 30,
    });
    expect(parse(back.files[0]!.text).engine).toEqual({ type: 'qodercli', model: { name: 'auto' } });
  });

  it('a judges list (script, agent_judge with its own pass mark and context, rules) is written back as the same list', () => {
    const s = stage({
      'SKILL.md': SKILL_MD,
      'check.sh': '#!/bin/sh\nexit 0\n',
      'evals/eval.yaml': [
        'schema_version: v1alpha1',
        'environment: {type: none}',
        'cases: {files: [evals/cases/a.yaml]}',
        'judges:',
        '  - {id: functional, type: script, script_path: check.sh, timeout_seconds: 20}',
        '  - {id: semantic, type: agent_judge, model: m, criteria: [c1, c2], pass_threshold: 0.5, context: {profile: lean}}',
        '  - {id: rules, type: rule_based, success: [{exit_code: 0}], failure: [{output_contains: {any: [panic]}}]}',
      ].join('\n'),
      'evals/cases/a.yaml': 'input: {prompt: p}\n',
    });
    cleanups.push(s.cleanup);
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    expect(bySeverity(diagnostics, 'error')).toEqual([]);
    const back = roundTrip(suites[0]!);
    expect(back.lost).toEqual([]);
    expect(parse(back.files[1]!.text).judges.map((j: { id: string; type: string }) => [j.id, j.type])).toEqual([
      ['functional', 'script'],
      ['semantic', 'agent_judge'],
      ['rules', 'rule_based'],
    ]);
    expectSameCases(suites[0]!, back.suite, back.root);
  });

  it('per-turn rules (success and failure) are written back as per-turn rules', () => {
    const perTurn = [
      'input:',
      '  turns:',
      '    - {role: user, content: one}',
      '    - {role: user, content: two}',
      'judge:',
      '  type: rule_based',
      '  success:',
      '    - turn_response_contains: {turn: 1, contains_all: [x, y]}',
      '    - turn_response_contains: {turn: 2, contains_any: [z]}',
      '    - turn_response_not_contains: {turn: 2, not_contains: [sorry]}',
      '    - tool_called_in_turn: {turn: 2, name: Write, args: {file_path: a.txt}}',
      '    - tool_not_called_in_turn: {turn: 1, name: Bash}',
      '  failure:',
      '    - tool_called_in_turn: {turn: 1, name: Skill}',
      '    - turn_response_contains: {turn: 2, contains_all: [a], contains_any: [b]}',
    ];
    const s = stage({
      'SKILL.md': SKILL_MD,
      'evals/eval.yaml':
        'schema_version: v1alpha1\nenvironment: {type: none}\ncases:\n  files: [evals/cases/turns.yaml]\n',
      'evals/cases/turns.yaml': perTurn.join('\n'),
    });
    cleanups.push(s.cleanup);
    const suite = s.load('evals/eval.yaml').suites[0]!;
    const back = roundTrip(suite);
    expect(back.lost).toEqual([]);
    expectSameCases(suite, back.suite, back.root);
    const judge = parse(back.files.find((f) => f.path === 'evals/cases/turns.yaml')!.text).judge;
    expect(judge).toEqual(parse(perTurn.slice(4).join('\n')).judge);
  });
});

describe('writing suites of other formats', () => {
  const base = (over: Partial<Case>): Case =>
    CaseSchema.parse({
      id: '1',
      name: '1',
      kind: 'task',
      turns: ['hi'],
      source: { file: '/x/evals.json', format: 'evals-json' },
      ...over,
    });
  const suiteOf = (cases: Case[]): Suite => ({
    id: 's',
    name: 's',
    file: '/x/evals/evals.json',
    format: 'evals-json',
    cases,
    settings: {},
  });

  it("case-folding contains checks (Skillet's contains) become (?i) patterns that grade as the original does", async () => {
    const c = base({
      checks: [
        { type: 'contains', value: 'HELLO', caseSensitive: false, required: true },
        { type: 'icontains-any', value: ['Total: $3.50 (net)', 'nothing'], required: true },
        { type: 'contains', value: 'ERROR', caseSensitive: false, negate: true, required: true },
      ],
    });
    const back = roundTrip(suiteOf([c]));
    expect(back.lost).toEqual([]);
    const grade = async (testCase: Case, finalMessage: string) => {
      const session = SessionSchema.parse({ status: 'completed', engineId: 'x', exitCode: 0, finalMessage });
      return (await gradeExecution({ testCase, session, workspace: back.root })).status;
    };
    for (const answer of ['hello there. total: $3.50 (NET)', 'Hello, nothing', 'hello, total: $3.50 (net); error']) {
      expect(await grade(back.suite.cases[0]!, answer), answer).toBe(await grade(c, answer));
    }
    expect(await grade(back.suite.cases[0]!, 'hello there. Total: $3x50 (net)')).toBe('failed');
  });

  it("a case-folding contains beside a rubric is not written to expect's case-sensitive must_contain", () => {
    const c = base({
      checks: [
        { type: 'llm-rubric', value: 'good' },
        { type: 'contains', value: 'HELLO', caseSensitive: false, required: true },
      ],
      threshold: 1,
    });
    const { lost, files } = writeSkillUp(suiteOf([c]));
    expect(parse(files[1]!.text).expect).toBeUndefined();
    expect(lost).toContain('case 1: check contains "HELLO" (an agent_judge case cannot also run it)');
  });

  it('trigger cases become tag trigger_test with a Skill tool rule, and load back as triggers', () => {
    const suite = suiteOf([
      base({ id: 'yes', name: 'yes', kind: 'trigger', shouldTrigger: true }),
      base({ id: 'no', name: 'no', kind: 'trigger', shouldTrigger: false, runs: 3 }),
    ]);
    const back = roundTrip(suite);
    expect(back.lost).toEqual(['case 2 (no): runs: 3']);
    expect(back.suite.cases.map((c) => [c.id, c.kind, c.shouldTrigger, c.tags])).toEqual([
      ['yes', 'trigger', true, ['trigger_test']],
      ['no', 'trigger', false, ['trigger_test']],
    ]);
  });

  it('multi-turn cases, inline files, limits, artifacts and rubric thresholds survive', () => {
    const c = base({
      id: 'conv',
      name: 'A conversation',
      turns: ['one', 'two'],
      checks: [{ type: 'llm-rubric', value: 'kind' }],
      threshold: 0.5,
      judge: 'openai/gpt-x',
      workspace: {
        files: [],
        overlays: [],
        inline: { 'a.txt': 'A\n' },
        setup: [],
        teardown: [],
        artifacts: ['out/**'],
      },
      limits: { timeoutSeconds: 60, maxTurns: 3 },
      engine: 'codex',
      tags: ['smoke'],
    });
    const back = roundTrip(suiteOf([c]));
    expect(back.lost).toEqual([]);
    const [again] = back.suite.cases;
    expect(comparable(again!, back.root)).toEqual(comparable(c, '/x'));
    expect(parse(back.files[0]!.text).engine).toEqual({ name: 'codex' });
  });

  it('per-turn checks without a skill-up rule are lost, never written for the whole conversation', () => {
    const rules = base({
      turns: ['one', 'two'],
      checks: [
        { type: 'contains', value: 'hi', turn: 1, required: true },
        { type: 'regex', value: 'x+', turn: 2, required: true },
        { type: 'tool-not-called', value: 'Bash', args: { command: 'rm' }, turn: 1, required: true },
      ],
    });
    const rubric = base({
      id: '2',
      name: '2',
      turns: ['one', 'two'],
      checks: [
        { type: 'llm-rubric', value: 'kind' },
        { type: 'contains', value: 'hi', turn: 1, required: true },
      ],
      threshold: 1,
    });
    const { lost, files } = writeSkillUp(suiteOf([rules, rubric]));
    expect(lost).toEqual([
      'case 1: check regex "x+" (no skill-up rule for it)',
      'case 1: check tool-not-called "Bash" (no skill-up rule for it)',
      'case 2: check contains "hi" (an agent_judge case cannot also run it)',
    ]);
    expect(parse(files[1]!.text).judge).toEqual({
      type: 'rule_based',
      success: [{ turn_response_contains: { turn: 1, contains_all: ['hi'] } }],
    });
    expect(parse(files[2]!.text).expect).toBeUndefined();
  });

  it('lists everything skill-up cannot say', () => {
    const c = base({
      system: 'be brief',
      reference: 'the answer',
      runs: 5,
      checks: [
        { type: 'icontains', value: 'x', required: true },
        { type: 'llm-rubric', value: 'good', weight: 2 },
        { type: 'contains', value: 'y', required: true },
      ],
      failIf: [{ type: 'contains', value: 'bad' }],
      workspace: {
        files: [{ from: '/elsewhere/f.txt', to: 'f.txt' }],
        overlays: [],
        inline: {},
        setup: ['npm ci'],
        teardown: [],
        artifacts: [],
      },
      metadata: { category: 'x' },
    });
    const { lost, files } = writeSkillUp(suiteOf([c]));
    expect(lost).toEqual([
      'case 1: system prompt',
      'case 1: runs: 5',
      'case 1: setup commands (skill-up runs one environment.setup_steps list for every case)',
      'case 1: metadata category',
      'case 1: reference (written as description, which no judge reads)',
      'case 1: check icontains "x" (an agent_judge case cannot also run it)',
      'case 1: check contains "y" written to expect (skill-up has one judge per case; a failing expect skips the judge)',
      'case 1: 1 fail-if condition(s) (an agent_judge has no failure rules)',
      'case 1: "every criterion must pass" written as pass_threshold: 1',
      'case 1: weight 2 of llm-rubric "good"',
      'case 1: workspace file /elsewhere/f.txt → f.txt (skill-up copies one repo_fixture directory from the skill root)',
    ]);
    const written = parse(files[1]!.text);
    expect(written.expect).toEqual({ must_contain: ['y'] });
    expect(written.judge).toEqual({ type: 'agent_judge', criteria: ['good'], pass_threshold: 1 });
  });
});
