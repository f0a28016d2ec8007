/**
 * getsentry/skillet's verdict per case, from its runner at 443bf3dd83af699d4aca02317733710af391b7a4 — checks first, any
 * failure fails the case before the judge (src/eval/runner.ts:209-239); then the judge's A–E score against threshold
 * (runner.ts:241-263) — checked end to end: a file loaded by this format, graded by @skill-eval/grading.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SessionInput, SessionSchema } from '@skill-eval/core';
import { gradeExecution } from '@skill-eval/grading';
import { criteriaJudge } from '@skill-eval/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSentryEvalYaml } from './load-sentry-eval-yaml.js';

const FILE = '/nonexistent-skill-eval-test/skill/evals/review.eval.yaml';
const workspace = mkdtempSync(join(tmpdir(), 'skillet-sentry-grading-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));
writeFileSync(join(workspace, 'REVIEW.md'), 'Found a null dereference in app.py\n');

async function grade(caseLines: string[], session: Partial<SessionInput>, judgePasses = true) {
  const text = ['evals:', '  - name: reviews', ...caseLines.map((l) => `    ${l}`)].join('\n');
  const { suites, diagnostics } = loadSentryEvalYaml(FILE, text, { cwd: '/' });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const { judge, requests } = criteriaJudge(() => judgePasses);
  const parsed = SessionSchema.parse({ status: 'completed', engineId: 'claude-code', ...session });
  const result = await gradeExecution({
    testCase: suites[0]!.cases[0]!,
    session: parsed,
    workspace,
    judge,
    trust: true,
  });
  return { result, judgeCalls: requests.length };
}

const oneTurn = (answer: string): Partial<SessionInput> => ({
  finalMessage: answer,
  events: [
    { type: 'message', role: 'user', text: 'Review app.py' },
    { type: 'message', role: 'assistant', text: answer },
  ],
});
const twoTurns = (first: string, second: string): Partial<SessionInput> => ({
  finalMessage: second,
  events: [
    { type: 'message', role: 'user', text: 'I have a code review skill.' },
    { type: 'message', role: 'assistant', text: first },
    { type: 'message', role: 'user', text: 'It should flag security issues.' },
    { type: 'message', role: 'assistant', text: second },
  ],
});
const TURN = ['turns:', '  - Review app.py'];
const TWO_TURNS = ['turns:', '  - I have a code review skill.', '  - It should flag security issues.'];

describe('checks: every one must pass, and a failure skips the judge (runner.ts:209-239)', () => {
  it.each<[string, string[], Partial<SessionInput>, 'passed' | 'failed']>([
    // checks.ts:182-191: `agentOutput.includes(value)`, case-sensitive.
    ['output_contains is case-sensitive', ['checks:', '  - output_contains: Deref'], oneTurn('a null deref'), 'failed'],
    ['output_contains passes on the text', ['checks:', '  - output_contains: null'], oneTurn('a null deref'), 'passed'],
    // checks.ts:192-201
    ['output_not_contains fails on the text', ['checks:', '  - output_not_contains: LGTM'], oneTurn('LGTM'), 'failed'],
    // checks.ts:202-212 with buildRegex (26-46): flag m, a leading (?i) as a flag.
    ['output_matches is multi-line', ['checks:', '  - output_matches: "^deref$"'], oneTurn('a null\nderef'), 'passed'],
    ['output_matches reads (?i)', ['checks:', '  - output_matches: "(?i)NULL"'], oneTurn('a null'), 'passed'],
    // checks.ts:57-171, run in the workspace.
    ['run: passes on exit 0', ['checks:', '  - run: test -f REVIEW.md'], oneTurn('done'), 'passed'],
    [
      'run: with contains reads stdout',
      ['checks:', '  - run: cat REVIEW.md', '    contains: null dereference'],
      oneTurn('done'),
      'passed',
    ],
    [
      'run: fails on a non-zero exit',
      ['checks:', '  - run: cat MISSING.md', '    not_contains: x'],
      oneTurn('done'),
      'failed',
    ],
    [
      'run: with exits reads the code only',
      ['checks:', '  - run: cat MISSING.md', '    exits: 1'],
      oneTurn('done'),
      'passed',
    ],
    // agent/loop.ts:97-107, 157: the output of a conversation is every reply, joined.
    [
      'a find in several turns reads every turn',
      [...TWO_TURNS, 'checks:', '  - output_contains: add-eval'],
      twoTurns('use add-eval', 'done'),
      'passed',
    ],
    [
      'a not in several turns reads every turn',
      [...TWO_TURNS, 'checks:', '  - output_not_contains: create'],
      twoTurns('try create', 'done'),
      'failed',
    ],
    [
      'a match in several turns reads every turn',
      [...TWO_TURNS, 'checks:', '  - output_matches: "^use"'],
      twoTurns('x\nuse it', 'done'),
      'passed',
    ],
  ])('%s', async (_, lines, session, status) => {
    const turns = lines[0] === 'turns:' ? lines : [...TURN, ...lines];
    const { result, judgeCalls } = await grade([...turns, 'criteria: Names the bug'], session);
    expect(result.status).toBe(status);
    // runner.ts:227-238: the judge runs only once every check passed.
    expect(judgeCalls).toBe(status === 'passed' ? 1 : 0);
  });
});

describe('the judge: its grade against the threshold (runner.ts:241-263)', () => {
  it('criteria go to the judge, whose verdict decides', async () => {
    const pass = await grade([...TURN, 'criteria: Names the bug'], oneTurn('a null deref'), true);
    expect(pass.result.status).toBe('passed');
    expect(pass.result.checks).toMatchObject([{ type: 'llm-rubric', name: 'criteria', passed: true }]);
    expect((await grade([...TURN, 'criteria: Names the bug'], oneTurn('ok'), false)).result.status).toBe('failed');
  });

  it('a threshold of 0 passes whatever the judge says: `score < 0` never holds (runner.ts:251)', async () => {
    const { result, judgeCalls } = await grade(
      [...TURN, 'criteria: Names the bug', 'threshold: 0'],
      oneTurn('ok'),
      false,
    );
    expect(judgeCalls).toBe(1);
    expect(result.status).toBe('passed');
  });

  it('checks alone decide a case without criteria (runner.ts:243)', async () => {
    const { result, judgeCalls } = await grade([...TURN, 'checks:', '  - output_contains: ok'], oneTurn('ok'));
    expect(result.status).toBe('passed');
    expect(judgeCalls).toBe(0);
  });
});
