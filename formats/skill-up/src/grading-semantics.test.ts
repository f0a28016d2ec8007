/**
 * skill-up's grading rules, quoted from its reference (shared/reference/formats.md §3), each checked end to end:
 * a case file loaded by this format, graded by @skill-eval/grading on a session, gives skill-up's verdict.
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { type SessionInput, SessionSchema } from '@skill-eval/core';
import { gradeExecution } from '@skill-eval/grading';
import { criteriaJudge } from '@skill-eval/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { SKILL_MD, stage } from './test-support/corpus.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

/** The one case of a suite whose eval.yaml lists `case.yaml`. */
function loadCase(caseYaml: string) {
  const s = stage({
    'SKILL.md': SKILL_MD,
    'evals/eval.yaml': 'schema_version: v1alpha1\nenvironment: {type: none}\ncases:\n  files: [evals/case.yaml]\n',
    'evals/case.yaml': `input: {prompt: Summarise the repo}\n${caseYaml}`,
  });
  cleanups.push(s.cleanup);
  const { suites, diagnostics } = s.load('evals/eval.yaml');
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { testCase: suites[0]!.cases[0]!, dir: s.dir };
}

const session = (input: Partial<SessionInput> = {}) =>
  SessionSchema.parse({
    status: 'completed',
    engineId: 'claude-code',
    exitCode: 0,
    finalMessage: 'Found 12 Go files and 3 tests.',
    ...input,
  });

async function grade(caseYaml: string, input: Partial<SessionInput> = {}, passes = (_: string) => true) {
  const { testCase, dir } = loadCase(caseYaml);
  const { judge, requests } = criteriaJudge(passes);
  const result = await gradeExecution({ testCase, session: session(input), workspace: dir, judge, trust: true });
  return { result, judgeCalls: requests.length };
}

const calls = (...names: [string, unknown?][]) => ({
  toolCalls: names.map(([name, input], i) => ({ id: `t${i}`, name, input: input ?? {}, isError: false })),
});

describe('skill-up: expect gates', () => {
  it.each<[string, string, 'passed' | 'failed']>([
    ['must_contain: all must be present', 'expect: {must_contain: ["12 Go files", "3 tests"]}', 'passed'],
    ['must_contain: one missing fails', 'expect: {must_contain: ["12 Go files", "Rust"]}', 'failed'],
    ['must_not_contain: present fails', 'expect: {must_not_contain: ["tests"]}', 'failed'],
    ['must_not_contain: absent passes', 'expect: {must_not_contain: ["error"]}', 'passed'],
    ['exit_code', 'expect: {exit_code: 1}', 'failed'],
  ])('%s', async (_, yaml, status) => {
    expect((await grade(yaml)).result.status).toBe(status);
  });

  it('"if it fails, the judge is skipped": a failing gate fails the case without a judge call', async () => {
    const yaml = 'expect: {must_contain: ["Rust"]}\njudge: {type: agent_judge, criteria: [counts files]}\n';
    const { result, judgeCalls } = await grade(yaml);
    expect(result.status).toBe('failed');
    expect(judgeCalls).toBe(0);
    const passing = await grade(
      'expect: {must_contain: ["Go"]}\njudge: {type: agent_judge, criteria: [counts files]}\n',
    );
    expect(passing.result.status).toBe('passed');
    expect(passing.judgeCalls).toBe(1);
  });
});

describe('skill-up: rule_based', () => {
  const rules = (success: string, failure = '[]') =>
    `judge:\n  type: rule_based\n  success: ${success}\n  failure: ${failure}\n`;
  it.each<[string, string, Partial<SessionInput>, 'passed' | 'failed']>([
    ['success: all must hold', rules('[{output_contains: {all: [Go, tests]}}, {exit_code: 0}]'), {}, 'passed'],
    ['success: one rule failing fails', rules('[{output_contains: {all: [Go]}}, {exit_code: 2}]'), {}, 'failed'],
    ['output_contains all: every keyword', rules('[{output_contains: {all: [Go, Rust]}}]'), {}, 'failed'],
    ['output_contains any: one keyword is enough', rules('[{output_contains: {any: [Rust, Go]}}]'), {}, 'passed'],
    ['output_contains not: none may appear', rules('[{output_contains: {not: [Rust, tests]}}]'), {}, 'failed'],
    ['output_matches all', rules(`[{output_matches: {all: ['\\d+ Go files', '\\d+ tests']}}]`), {}, 'passed'],
    ['output_matches any', rules(`[{output_matches: {any: ['^Rust', 'Found \\d+']}}]`), {}, 'passed'],
    ['output_matches not', rules(`[{output_matches: {not: ['\\d+ tests']}}]`), {}, 'failed'],
    [
      'tool_called: args are a partial match',
      rules('[{tool_called: {name: Bash, args: {command: "ls"}}}]'),
      calls(['Bash', { command: 'ls', timeout: 5 }]),
      'passed',
    ],
    [
      'tool_called: a differing arg fails',
      rules('[{tool_called: {name: Bash, args: {command: "rm"}}}]'),
      calls(['Bash', { command: 'ls' }]),
      'failed',
    ],
    [
      'tool_called: MCP tools are named server::tool',
      rules('[{tool_called: {name: "github::create_issue"}}]'),
      calls(['mcp__github__create_issue']),
      'passed',
    ],
    ['files_exist', rules('[{files_exist: [evals/case.yaml]}]'), {}, 'passed'],
    ['files_not_exist', rules('[{files_not_exist: [SKILL.md]}]'), {}, 'failed'],
    [
      'failure: "any match fails immediately; it outranks success"',
      rules('[{output_contains: {all: [Go]}}]', '[{output_contains: {any: [tests]}}]'),
      {},
      'failed',
    ],
    [
      'failure that does not match leaves success to decide',
      rules('[{exit_code: 0}]', '[{exit_code: 1}]'),
      {},
      'passed',
    ],
  ])('%s', async (_, yaml, input, status) => {
    const { result, judgeCalls } = await grade(yaml, input);
    expect(result.status).toBe(status);
    expect(judgeCalls).toBe(0);
  });
});

/**
 * Every negation skill-up's rule_based judge has, against alibaba/skill-up internal/judge/rule_based.go at ca01982:
 * `output_contains.not` fails on any one keyword (143-152); `files_not_exist` on any one file (262-287); a failure
 * rule fails the case when the rule itself holds (36-48, `if ar.Passed`) — so a failure rule with `not` fails it when
 * the keyword is absent, and a failure rule with `all` and `not` only when both parts hold.
 */
describe('skill-up: negations in rule_based', () => {
  const rules = (success: string, failure = '[]') =>
    `judge:\n  type: rule_based\n  success: ${success}\n  failure: ${failure}\n`;
  it.each<[string, string, 'passed' | 'failed']>([
    ['143-152 success not: one of two present fails', rules('[{output_contains: {not: [Rust, tests]}}]'), 'failed'],
    ['143-152 success not: none present passes', rules('[{output_contains: {not: [Rust, Java]}}]'), 'passed'],
    ['262-287 files_not_exist: one of two present fails', rules('[{files_not_exist: [nope.txt, SKILL.md]}]'), 'failed'],
    [
      '36-48 failure not: absent keyword fails the case',
      rules('[{exit_code: 0}]', '[{output_contains: {not: [Rust]}}]'),
      'failed',
    ],
    [
      '36-48 failure not: present keyword leaves it',
      rules('[{exit_code: 0}]', '[{output_contains: {not: [tests]}}]'),
      'passed',
    ],
    [
      '36-48 failure all+not: both parts hold, the case fails',
      rules('[{exit_code: 0}]', '[{output_contains: {all: [Go], not: [Rust]}}]'),
      'failed',
    ],
    [
      '36-48 failure all+not: one part fails, the rule does not match',
      rules('[{exit_code: 0}]', '[{output_contains: {all: [Go], not: [tests]}}]'),
      'passed',
    ],
  ])('%s', async (_, yaml, status) => {
    expect((await grade(yaml)).result.status).toBe(status);
  });
});

describe('skill-up: agent_judge', () => {
  const criteria = '[counts Go files, counts tests, names the biggest package, mentions licences]';
  it.each<[string, string, number, 'passed' | 'failed', number]>([
    ['pass_threshold defaults to 0.7: 3 of 4 criteria (0.75) passes', '', 3, 'passed', 0.75],
    ['pass_threshold 0.7: 2 of 4 (0.5) fails', '', 2, 'failed', 0.5],
    ['pass_threshold 1.0: 3 of 4 fails', '  pass_threshold: 1.0\n', 3, 'failed', 0.75],
    ['pass_threshold 0.5: 2 of 4 passes', '  pass_threshold: 0.5\n', 2, 'passed', 0.5],
  ])('%s', async (_, extra, met, status, score) => {
    const yaml = `judge:\n  type: agent_judge\n  criteria: ${criteria}\n${extra}`;
    const order = ['counts Go files', 'counts tests', 'names the biggest package', 'mentions licences'];
    const { result, judgeCalls } = await grade(yaml, {}, (c) => order.indexOf(c) < met);
    expect(judgeCalls).toBe(1);
    expect(result.status).toBe(status);
    expect(result.score).toBeCloseTo(score, 9);
  });
});

describe('skill-up: judges (newer skill-up; every member must pass, each by its own rule)', () => {
  const judges = [
    'judges:',
    '  - id: strict',
    '    type: agent_judge',
    '    criteria: [counts Go files]',
    '    pass_threshold: 1.0',
    '  - id: lenient',
    '    type: agent_judge',
    '    criteria: [counts tests, names the biggest package, mentions licences]',
    '    pass_threshold: 0.3',
    '  - id: rules',
    '    type: rule_based',
    '    success: [{output_contains: {all: [Go]}}]',
    '    failure: [{output_contains: {any: [panic]}}]',
    '',
  ].join('\n');
  it.each<[string, string[], string, 'passed' | 'failed']>([
    ['every member passes', ['counts Go files', 'counts tests'], 'Found 12 Go files and 3 tests.', 'passed'],
    // 3 of 4 criteria pass, but the member asking for all of its one criterion fails: the case fails.
    [
      'a member below its own pass mark fails the case whatever the others score',
      ['counts tests', 'names the biggest package', 'mentions licences'],
      'Found 12 Go files and 3 tests.',
      'failed',
    ],
    // 1 of 4 criteria: the lenient member still reaches its own 0.3.
    ['a lenient member passes at its own mark', ['counts Go files', 'counts tests'], 'Found 12 Go files.', 'passed'],
    ['a failing rule member fails the case', ['counts Go files', 'counts tests'], 'Found 12 Rust files.', 'failed'],
    ['a matching failure rule fails the case', ['counts Go files', 'counts tests'], 'Go: panic', 'failed'],
  ])('%s', async (_, met, finalMessage, status) => {
    const { result, judgeCalls } = await grade(judges, { finalMessage }, (c) => met.includes(c));
    expect(result.status).toBe(status);
    expect(judgeCalls).toBeGreaterThan(0);
  });

  it('a case list replaces the suite judge; a list of one is that judge', async () => {
    const one =
      'judges:\n  - {id: only, type: agent_judge, criteria: [counts Go files, counts tests], pass_threshold: 0.5}\n';
    expect((await grade(one, {}, (c) => c === 'counts tests')).result.status).toBe('passed');
    expect((await grade(one, {}, () => false)).result.status).toBe('failed');
  });
});

describe('skill-up: script (internal/judge/script.go): the exit code decides, nothing else', () => {
  const script = 'judge:\n  type: script\n  script_path: evals/check.sh\n  timeout_seconds: 1\n';
  it.each<[string, string, 'passed' | 'failed']>([
    ['exit 0 passes', 'exit 0', 'passed'],
    ['exit 0 passes whatever score it prints', 'echo \'{"score": 0.1}\'', 'passed'],
    ['a non-zero exit fails', 'echo "missing file"; exit 1', 'failed'],
    ['a non-zero exit writing to stderr fails, not an error', 'echo boom >&2; exit 2', 'failed'],
    ['a script past its timeout fails', 'sleep 5', 'failed'],
  ])('%s', async (_, body, status) => {
    const s = stage({
      'SKILL.md': SKILL_MD,
      'evals/eval.yaml': 'schema_version: v1alpha1\nenvironment: {type: none}\ncases:\n  files: [evals/case.yaml]\n',
      'evals/case.yaml': `input: {prompt: Summarise the repo}\n${script}`,
      'evals/check.sh': `#!/bin/sh\n${body}\n`,
    });
    cleanups.push(s.cleanup);
    chmodSync(join(s.dir, 'evals/check.sh'), 0o755);
    const { suites } = s.load('evals/eval.yaml');
    const testCase = suites[0]!.cases[0]!;
    const result = await gradeExecution({ testCase, session: session(), workspace: s.dir, trust: true });
    expect(result.status).toBe(status);
  });
});

describe('skill-up: a rule on a turn the run never reached fails (lookupTurn)', () => {
  it.each([
    ['turn_response_contains', 'turn_response_contains: {turn: 2, contains_all: [Go]}'],
    ['turn_response_not_contains', 'turn_response_not_contains: {turn: 2, not_contains: [Rust]}'],
  ])('%s', async (_, rule) => {
    const { result } = await grade(`judge:\n  type: rule_based\n  success: [{${rule}}]\n`, {
      events: [
        { type: 'message', role: 'user', text: 'Summarise the repo' },
        { type: 'message', role: 'assistant', text: 'Found 12 Go files.' },
      ],
    });
    expect(result.status).toBe('failed');
  });
});
