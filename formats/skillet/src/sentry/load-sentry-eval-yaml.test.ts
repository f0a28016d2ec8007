import { describe, expect, it } from 'vitest';
import { detectSkillet } from '../detect.js';
import { loadSentryEvalYaml } from './load-sentry-eval-yaml.js';

// Every expectation cites getsentry/skillet at 443bf3dd83af699d4aca02317733710af391b7a4 (the last commit whose evals
// were `.eval.yaml`): src/eval/parser.ts, runner.ts, checks.ts, judge.ts, workspace.ts, requirements.ts.
const FILE = '/nonexistent-skill-eval-test/skill/evals/review.eval.yaml';
const load = (lines: string[], file = FILE) => loadSentryEvalYaml(file, lines.join('\n'), { cwd: '/' });
const where = (diagnostics: { severity: string; ruleId: string; line?: number }[]) =>
  diagnostics.map((d) => `${d.severity} ${d.ruleId.replace('skillet/', '')} ${d.line}`);
const one = (lines: string[]) => {
  const { suites, diagnostics } = load(['evals:', '  - name: reviews', ...lines.map((l) => `    ${l}`)]);
  return { c: suites[0]?.cases[0], diagnostics };
};
const TURN = ['turns:', '  - Review app.py'];

describe('the fields of a case', () => {
  it('name is the id and the name; turns are the user messages of one conversation (parser.ts:229-234, loop.ts:63-70)', () => {
    const { c, diagnostics } = one(['turns:', '  - first', '  - second', 'checks:', '  - output_contains: ok']);
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(c).toMatchObject({ id: 'reviews', name: 'reviews', kind: 'task', turns: ['first', 'second'] });
    expect(c!.source).toMatchObject({ line: 2, column: 5, format: 'skillet', dialect: 'getsentry' });
    // runner.ts has no repeat: one run per case.
    expect(c!.runs).toBeUndefined();
  });

  it('checks are gates: all must pass before the judge runs (runner.ts:209-239)', () => {
    const { c } = one([
      ...TURN,
      'checks:',
      '  - output_contains: bug',
      '  - output_not_contains: LGTM',
      '  - output_matches: "(?i)^null"',
    ]);
    expect(c!.gates).toEqual([
      // checks.ts:182-191: `agentOutput.includes(value)`, case-sensitive (contains' default).
      { type: 'contains', value: 'bug', name: 'output_contains: bug' },
      // checks.ts:192-201
      { type: 'contains', value: 'LGTM', name: 'output_not_contains: LGTM', negate: true },
      // checks.ts:26-46, 202-212: flag m; a leading (?i) becomes a flag.
      { type: 'regex', value: '^null', flags: 'mi', name: 'output_matches: (?i)^null' },
    ]);
    expect(c!.checks).toEqual([]);
  });

  it('a run: check is a script check in the workspace, with skillet’s 10 s limit (checks.ts:57-171)', () => {
    const { c } = one([
      ...TURN,
      'checks:',
      '  - run: cat REVIEW.md',
      '    contains: dereference',
      '  - run: test -f out.txt',
    ]);
    expect(c!.gates).toMatchObject([
      { type: 'script', name: 'run: cat REVIEW.md (contains)', timeoutSeconds: 10 },
      { type: 'script', name: 'run: test -f out.txt', value: "/bin/sh -c 'test -f out.txt'", timeoutSeconds: 10 },
    ]);
  });

  it('with several turns an output check reads each turn: any for a find, all for a not (loop.ts:97-107, 157)', () => {
    const { c } = one(['turns: [a, b, c]', 'checks:', '  - output_contains: x', '  - output_not_contains: y']);
    expect(c!.gates).toEqual([
      {
        type: 'assert-set',
        name: 'output_contains: x',
        scoring: 'passed-share',
        threshold: 1 / 3,
        checks: [1, 2, 3].map((turn) => ({ type: 'contains', value: 'x', turn })),
      },
      {
        type: 'assert-set',
        name: 'output_not_contains: y',
        checks: [1, 2, 3].map((turn) => ({ type: 'contains', value: 'y', turn, negate: true })),
      },
    ]);
  });

  it('criteria are the judge’s rubric, threshold 0.75 unless given (runner.ts:243-251)', () => {
    const { c, diagnostics } = one([...TURN, 'criteria: |', '  Names the null dereference.']);
    expect(diagnostics).toEqual([]);
    expect(c!.checks).toEqual([{ type: 'llm-rubric', name: 'criteria', value: 'Names the null dereference.\n' }]);
    expect(c!.metadata.threshold).toBe(0.75);
    // A threshold among B's (0.5 < t ≤ 0.75) passes the same grades as the default: no word.
    expect(one([...TURN, 'criteria: x', 'threshold: 0.6']).diagnostics).toEqual([]);
  });

  it('a threshold that passes other grades than A–B is a warning naming them (judge.ts:11-17)', () => {
    for (const [threshold, grades] of [
      ['1', 'A'],
      ['0.8', 'A'],
      ['0.5', 'A to C'],
      ['0.25', 'A to D'],
    ] as const) {
      const { c, diagnostics } = one([...TURN, 'criteria: x', `threshold: ${threshold}`]);
      expect(where(diagnostics)).toEqual(['warning judge-pass-fail 6']);
      expect(diagnostics[0]!.message).toContain(`at grade ${grades} of its A-E judge`);
      expect(c!.checks).toHaveLength(1);
    }
  });

  it('a threshold of 0 or less cannot fail: the rubric weighs nothing; above 1 it always fails: an error (runner.ts:251)', () => {
    const low = one([...TURN, 'criteria: x', 'threshold: -1']);
    expect(where(low.diagnostics)).toEqual(['warning judge-never-fails 6']);
    expect(low.c!.checks).toEqual([{ type: 'llm-rubric', name: 'criteria', value: 'x', weight: 0 }]);
    const high = one([...TURN, 'criteria: x', 'threshold: 1.5']);
    expect(where(high.diagnostics)).toEqual(['error threshold-out-of-range 6']);
  });

  it('workspace.setup runs before the agent, needing --trust (workspace.ts:68-88)', () => {
    const { c, diagnostics } = one(['workspace:', '  setup: |', '    git init -q', ...TURN, 'criteria: x']);
    expect(c!.workspace.setup).toEqual(['git init -q\n']);
    expect(where(diagnostics)).toEqual(['info needs-trust 4']);
  });

  it('workspace.cwd runs the agent in a folder of the machine: refused (workspace.ts:52-63)', () => {
    const { c, diagnostics } = one(['workspace:', '  cwd: $HOME/project', '  setup: echo', ...TURN, 'criteria: x']);
    expect(c).toBeUndefined();
    expect(where(diagnostics)).toContain('error cwd-unsupported 4');
  });

  it('requires is kept, with a warning that skill-eval does not skip on it (requirements.ts:8-24)', () => {
    const { c, diagnostics } = one(['requires:', '  - env: SKILLET_REPO', '  - command: gh', ...TURN, 'criteria: x']);
    expect(c!.metadata.requires).toEqual([{ env: 'SKILLET_REPO' }, { command: 'gh' }]);
    expect(where(diagnostics)).toEqual(['warning requires-not-checked 3']);
    expect(diagnostics[0]!.message).toContain('$SKILLET_REPO is unset or empty, or "gh" is not a command on PATH');
  });

  it('timeout is milliseconds for the whole case, 120000 by default (runner.ts:185)', () => {
    expect(one([...TURN, 'criteria: x', 'timeout: 30000']).c!.limits).toEqual({ timeoutSeconds: 30 });
    expect(one([...TURN, 'criteria: x']).c!.limits).toEqual({ timeoutSeconds: 120 });
    // .inf: the deadline never comes (agent/loop.ts:50, 76).
    expect(one([...TURN, 'criteria: x', 'timeout: .inf']).c!.limits).toEqual({});
  });

  it('tests_behavior is metadata, else the name before "__" (parser.ts:241, runner.ts:126-128)', () => {
    expect(one([...TURN, 'criteria: x', 'tests_behavior: greet']).c!.metadata.tests_behavior).toBe('greet');
    const { suites } = load(['evals:', '  - name: greet-by-name__alice', '    turns: [hi]', '    criteria: x']);
    expect(suites[0]!.cases[0]!.metadata.tests_behavior).toBe('greet-by-name');
  });
});

describe('anchors and aliases, resolved as yaml.parse resolves them (parser.ts:259)', () => {
  it('a case, its turns, checks and workspace may be aliases', () => {
    const { suites, diagnostics } = load([
      'x-shared:',
      '  turns: &turns [Review app.py]',
      '  checks: &checks [{output_contains: bug}]',
      '  ws: &ws {setup: git init}',
      'evals:',
      '  - &first',
      '    name: first',
      '    turns: *turns',
      '    checks: *checks',
      '    workspace: *ws',
      '  - *first',
    ]);
    expect(suites[0]!.cases.map((c) => [c.id, c.turns, c.gates.length, c.workspace.setup])).toEqual([
      ['first', ['Review app.py'], 1, ['git init']],
      ['first#2', ['Review app.py'], 1, ['git init']],
    ]);
    expect(where(diagnostics).filter((d) => d.startsWith('warning'))).toEqual([
      'warning unknown-key 1',
      'warning duplicate-name 7',
    ]);
  });
});

describe('finding the file as skillet finds it (parser.ts:95-127)', () => {
  const TEXT = 'evals:\n  - name: a\n    turns: [hi]\n    criteria: x\n';
  it('*.eval.yaml is claimed surely, wherever it is found, over AgentV’s name-only claim', () => {
    expect(detectSkillet(FILE, TEXT)).toBe(0.95);
    expect(detectSkillet('/x/review.eval.yaml', TEXT)).toBe(0.95);
  });

  it('another name is claimed less surely and warned about, for skillet would not run it', () => {
    expect(detectSkillet('/x/evals/review.yaml', TEXT)).toBe(0.6);
    expect(where(load(TEXT.split('\n'), '/x/evals/review.yaml').diagnostics)).toEqual(['warning not-discovered 1']);
    expect(where(load(TEXT.split('\n'), '/x/review.eval.yaml').diagnostics)).toEqual(['warning not-discovered 1']);
  });

  it('an evals list without turns under skillet’s name is claimed, so that loading says what stops skillet', () => {
    expect(detectSkillet(FILE, 'evals: []\n')).toBe(0.6);
    expect(detectSkillet(FILE, 'evals:\n  - name: a\n')).toBe(0.6);
    expect(where(load(['evals:', '  - name: a'], FILE).diagnostics)).toEqual(['error missing-turns 2']);
    expect(detectSkillet('/x/evals/review.yaml', 'evals:\n  - name: a\n')).toBe(0);
  });

  it('an AgentV file or a thekevinscott/skillet eval is not claimed as this dialect', () => {
    expect(detectSkillet('/x/a.eval.yaml', 'tests:\n  - id: a\n    input: hi\nevals: []\n')).toBe(0);
    expect(detectSkillet('/x/evals/s/1.yaml', 'timestamp: t\nname: n\nprompt: p\nexpected: e\n')).toBe(0.95);
    expect(load(['timestamp: t'], '/x/evals/s/1.yaml').suites).toEqual([]);
  });
});
