import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CaseInput, Check } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { gradeExecution, JUDGE_PROMPT_VERSION, snapshotWorkspace } from '../index.js';
import {
  answerBy,
  JUDGE_CALL_COST,
  JUDGE_CALL_USAGE,
  makeCase,
  makeSession,
  scriptedJudge,
  shownCriteria,
  tempDir,
} from '../test-support/fixtures.js';
import { runJudge } from './run-judge.js';

const rubric = (value: string, extra: Partial<Check> = {}): Check => ({ type: 'llm-rubric', value, ...extra });
const valid2 = JSON.stringify({
  criteria: [
    { id: 1, passed: true, evidence: 'Rain falls', reasoning: 'ok' },
    { id: 2, passed: true, evidence: 'Rain falls', reasoning: 'ok' },
  ],
});

function gradeWith(
  script: Parameters<typeof scriptedJudge>[0],
  testCase: Partial<CaseInput>,
  run = 1,
  workspace = '/nonexistent',
) {
  const { judge, requests } = scriptedJudge(script);
  const result = gradeExecution({ testCase: makeCase(testCase), session: makeSession(), workspace, judge, run });
  return { result, requests };
}

describe('judge: happy path', () => {
  it('sends one prompt with the whole execution and maps verdicts back to their criteria', async () => {
    const workspace = tempDir();
    mkdirSync(path.join(workspace, 'out'));
    writeFileSync(path.join(workspace, 'out/haiku.txt'), 'drops on the tin roof');
    const { judge, requests } = scriptedJudge([answerBy((c) => c.includes('PASS'))]);
    const result = await gradeExecution({
      testCase: makeCase({
        turns: ['Write a haiku about rain', 'Now save it to out/haiku.txt'],
        reference: 'a 5-7-5 haiku',
        checks: [
          rubric('is a haiku PASS'),
          rubric('mentions snow FAIL'),
          rubric('is rude FAIL', { type: 'not-llm-rubric' }),
          { type: 'contains', value: 'Saved' },
        ],
      }),
      session: makeSession({
        finalMessage: 'Saved the haiku.',
        toolCalls: [
          { id: 't1', name: 'Write', input: { file_path: 'out/haiku.txt' }, output: 'File created', isError: false },
        ],
      }),
      workspace,
      judge,
      run: 1,
    });
    expect(requests).toHaveLength(1);
    const prompt = requests[0]!.messages[0]!.content;
    for (const part of [
      'Write a haiku about rain',
      'Now save it to out/haiku.txt',
      'a 5-7-5 haiku',
      'Saved the haiku.',
      '[1] Write',
      '"file_path":"out/haiku.txt"',
      'File created',
      '<file path="out/haiku.txt">\ndrops on the tin roof',
    ]) {
      expect(prompt).toContain(part);
    }
    expect(prompt).toMatch(
      /<criteria>\n<criterion id="1">\n.+\n<\/criterion>\n<criterion id="2">\n.+\n<\/criterion>\n<criterion id="3">\n.+\n<\/criterion>\n<\/criteria>/,
    );
    expect(requests[0]!.system).toContain('"criteria":[{"id":1');
    expect(requests[0]!.model).toBe('judge-model');

    expect(result.status).toBe('failed');
    expect(result.score).toBeCloseTo(0.75, 9);
    expect(result.judge).toEqual({
      engine: 'fake-judge',
      model: 'judge-model',
      promptVersion: JUDGE_PROMPT_VERSION,
      usage: JUDGE_CALL_USAGE,
      costUsd: JUDGE_CALL_COST,
    });
    const byName = Object.fromEntries(result.checks.map((c) => [c.name, c]));
    expect(byName['is a haiku PASS']).toMatchObject({
      passed: true,
      evidence: 'Saved the haiku.\nreasoning: because of is a haiku PASS',
    });
    expect(byName['mentions snow FAIL']?.passed).toBe(false);
    expect(byName['NOT: is rude FAIL']?.passed).toBe(true);
    expect(byName['contains: Saved']?.passed).toBe(true);
    expect(result.checks.map((c) => c.type)).toEqual(['llm-rubric', 'llm-rubric', 'llm-rubric', 'contains']);
  });

  it('shuffles criteria per run, deterministically, and still maps verdicts to the right criterion', async () => {
    const checks = ['A PASS', 'B FAIL', 'C PASS', 'D FAIL', 'E PASS', 'F FAIL'].map((c) => rubric(c));
    const orders: string[] = [];
    for (const run of [1, 2, 3, 4, 1]) {
      const { result, requests } = gradeWith([answerBy((c) => c.includes('PASS'))], { checks, threshold: 0.5 }, run);
      const grade = await result;
      orders.push(shownCriteria(requests[0]!).join(','));
      expect(grade.checks.map((c) => c.name)).toEqual(checks.map((c) => c.value));
      for (const verdict of grade.checks) expect(verdict.passed).toBe(verdict.name.includes('PASS'));
      expect(grade.status).toBe('passed');
    }
    expect(new Set(orders.slice(0, 4)).size).toBeGreaterThan(1);
    expect(orders[4]).toBe(orders[0]);
  });

  it('shows a criterion written over several lines, or holding a numbered list, as one criterion', async () => {
    const review = 'The review covers:\n1. naming\n2. error handling';
    const { result, requests } = gradeWith([answerBy(() => true)], { checks: [rubric(review), rubric('says hi')] });
    expect((await result).status).toBe('passed');
    const prompt = requests[0]!.messages[0]!.content;
    expect(prompt.match(/<criterion id="\d+">/g)).toHaveLength(2);
    expect(prompt).toMatch(/<criterion id="[12]">\nThe review covers:\n1\. naming\n2\. error handling\n<\/criterion>/);
  });
});

describe('judge: unusable answers', () => {
  const checks = [rubric('one'), rubric('two')];

  it('parses JSON wrapped in prose', async () => {
    const { result, requests } = gradeWith([`Let me grade.\n${valid2}\nThat is all.`], { checks });
    expect((await result).status).toBe('passed');
    expect(requests).toHaveLength(1);
  });

  it('repairs garbage with one retry that carries the previous answer and the error', async () => {
    const { result, requests } = gradeWith(['I think it passed overall.', valid2], { checks });
    expect((await result).status).toBe('passed');
    expect(requests).toHaveLength(2);
    const repair = requests[1]!.messages;
    expect(repair.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(repair[1]!.content).toBe('I think it passed overall.');
    expect(repair[2]!.content).toContain('no JSON object');
    // Both calls are paid for.
    expect((await result).judge).toMatchObject({
      usage: { inputTokens: 2 * JUDGE_CALL_USAGE.inputTokens, outputTokens: 2 * JUDGE_CALL_USAGE.outputTokens },
      costUsd: 2 * JUDGE_CALL_COST,
    });
  });

  it('repairs a missing criterion id', async () => {
    const partial = JSON.stringify({ criteria: [{ id: 1, passed: true, evidence: 'x', reasoning: 'y' }] });
    const { result, requests } = gradeWith([partial, valid2], { checks });
    expect((await result).status).toBe('passed');
    expect(requests[1]!.messages[2]!.content).toContain('missing ids 2');
  });

  it('garbage twice is an error, never a pass', async () => {
    const { result, requests } = gradeWith(['PASS', 'Still PASS'], {
      checks: [...checks, { type: 'contains', value: 'Rain' }],
    });
    const grade = await result;
    expect(requests).toHaveLength(2);
    expect(grade.status).toBe('error');
    expect(grade.error?.code).toBe('JUDGE_FAILED');
    expect(grade.checks.filter((c) => c.type === 'llm-rubric').every((c) => c.errored && !c.passed)).toBe(true);
    expect(grade.checks.find((c) => c.type === 'contains')?.passed).toBe(true);
  });

  it('a judge that throws is an error', async () => {
    const { result, requests } = gradeWith([() => Promise.reject(new Error('HTTP 529 overloaded'))], { checks });
    const grade = await result;
    expect(requests).toHaveLength(1);
    expect(grade).toMatchObject({ status: 'error', error: { code: 'JUDGE_FAILED', message: 'HTTP 529 overloaded' } });
    expect(grade.judge?.promptVersion).toBe(JUDGE_PROMPT_VERSION);
  });
});

describe('runJudge: limits', () => {
  const base = () => ({
    testCase: makeCase(),
    session: makeSession(),
    workspace: '/nonexistent',
    run: 1,
    rubrics: [{ check: rubric('one'), role: 'check' as const }],
  });

  it('a judge that does not answer in time is an error', async () => {
    const { judge } = scriptedJudge([() => new Promise<string>(() => {})]);
    const [graded] = await runJudge({ ...base(), judge, timeoutMs: 50 });
    expect(graded?.verdict).toMatchObject({ errored: true, passed: false });
    expect(graded?.error).toMatchObject({ code: 'JUDGE_FAILED', message: 'the judge did not answer within 0.05s' });
  });

  it('an interrupt while judging is reported as INTERRUPTED', async () => {
    const controller = new AbortController();
    const { judge } = scriptedJudge([
      () => {
        controller.abort();
        return new Promise<string>(() => {});
      },
    ]);
    const [graded] = await runJudge({ ...base(), judge, signal: controller.signal });
    expect(graded?.error?.code).toBe('INTERRUPTED');
  });

  it('an empty criterion is a bad-input error and is not sent', async () => {
    const { judge, requests } = scriptedJudge([answerBy(() => true)]);
    const graded = await runJudge({
      ...base(),
      judge,
      rubrics: [
        { check: rubric('  '), role: 'check' },
        { check: rubric('real'), role: 'check' },
      ],
    });
    expect(graded.map((g) => g.error?.code)).toEqual(['BAD_INPUT', undefined]);
    expect(shownCriteria(requests[0]!)).toEqual(['real']);
  });
});

describe('judge: evidence must be quoted', () => {
  const answer = (passed: boolean, evidence: string) =>
    JSON.stringify({ criteria: [{ id: 1, passed, evidence, reasoning: 'r' }] });

  it.each<[string, string]>([
    ['an exact quote', 'Rain falls on the roof'],
    ['a quote re-spaced, re-cased and re-punctuated', 'rain  FALLS, on the roof'],
    ['quoted parts joined by an ellipsis', 'Rain … the roof'],
  ])('%s is accepted at once', async (_, evidence) => {
    const { result, requests } = gradeWith([answer(true, evidence)], { checks: [rubric('rains')] });
    expect((await result).status).toBe('passed');
    expect(requests).toHaveLength(1);
  });

  it('an invented quote on a pass is sent back once, naming the criterion; a real quote then passes', async () => {
    const { result, requests } = gradeWith([answer(true, 'Snow covers the hills'), answer(true, 'Rain falls')], {
      checks: [rubric('rains')],
    });
    expect((await result).status).toBe('passed');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.messages[2]!.content).toContain('criterion 1 is not a verbatim quote');
    expect(requests[1]!.messages[2]!.content).toContain('Snow covers the hills');
  });

  it.each<[string, string, string]>([
    ['the prompt', 'haiku about rain', 'not a verbatim quote'],
    ['the reference', 'The expected answer says rain', 'not a verbatim quote'],
    ["the prompt's own label of the answer", 'final answer', 'not a verbatim quote'],
    ["the prompt's note that there were no tool calls", 'no tool calls', 'not a verbatim quote'],
    ["the prompt's note on the files", 'created or changed by the agent', 'not a verbatim quote'],
    ['nothing', '', 'passed without a quote'],
    ['nothing but spaces', '   ', 'passed without a quote'],
  ])('a pass that quotes %s is sent back, and twice is an error, never a pass', async (_, evidence, why) => {
    const { result, requests } = gradeWith([answer(true, evidence), answer(true, evidence)], {
      turns: ['Write a haiku about rain'],
      reference: 'The expected answer says rain',
      checks: [rubric('rains')],
    });
    const grade = await result;
    expect(grade.status).toBe('error');
    expect(grade.error).toMatchObject({ code: 'JUDGE_FAILED', message: expect.stringContaining(why) });
    expect(requests[1]!.messages[2]!.content).toContain(why);
  });

  it("shows the agent's reply to each earlier turn of a conversation, and takes a quote of one", async () => {
    const { judge, requests } = scriptedJudge([answer(true, 'I saved draft.txt')]);
    const session = makeSession({
      finalMessage: 'Here is the revised haiku',
      events: [
        { type: 'message', role: 'user', text: 'Write a haiku and save it' },
        { type: 'message', role: 'assistant', text: 'Working on it' },
        { type: 'message', role: 'assistant', text: 'I saved draft.txt' },
        { type: 'message', role: 'user', text: 'Now revise it' },
        { type: 'message', role: 'assistant', text: 'Here is the revised haiku' },
      ],
    });
    const grade = await gradeExecution({
      testCase: makeCase({
        turns: ['Write a haiku and save it', 'Now revise it'],
        checks: [rubric('in its first reply the agent says it saved the draft')],
      }),
      session,
      workspace: '/nonexistent',
      judge,
    });
    expect(grade.status).toBe('passed');
    expect(requests).toHaveLength(1);
    const prompt = requests[0]!.messages[0]!.content;
    expect(prompt).toContain('<reply turn="1">\nI saved draft.txt\n</reply>');
    expect(prompt).not.toContain('<reply turn="2">');
  });

  it('a pass without a quote, sent back, then quoting the work passes', async () => {
    const { result, requests } = gradeWith([answer(true, ''), answer(true, 'Rain falls')], {
      checks: [rubric('rains')],
    });
    expect((await result).status).toBe('passed');
    expect(requests[1]!.messages[2]!.content).toContain('criterion 1 is passed without a quote');
  });

  it('a negated criterion passes on a failing verdict with no quote: nothing relevant exists', async () => {
    const { result, requests } = gradeWith([answer(false, '')], {
      checks: [rubric('is rude', { type: 'not-llm-rubric' })],
    });
    expect((await result).status).toBe('passed');
    expect(requests).toHaveLength(1);
  });

  it('an invented quote twice is an error, never a pass', async () => {
    const { result } = gradeWith([answer(true, 'Snow covers'), answer(true, 'Snow covers')], {
      checks: [rubric('rains')],
    });
    const grade = await result;
    expect(grade.status).toBe('error');
    expect(grade.error).toMatchObject({ code: 'JUDGE_FAILED', message: expect.stringContaining('verbatim quote') });
  });

  it('a failing verdict may explain in prose; a negated criterion that passes must quote', async () => {
    const fails = gradeWith([answer(false, 'there is no mention of snow')], { checks: [rubric('snow')] });
    expect((await fails.result).status).toBe('failed');
    expect(fails.requests).toHaveLength(1);
    const negated = gradeWith([answer(false, 'made-up words'), answer(false, 'made-up words')], {
      checks: [rubric('is rude', { type: 'not-llm-rubric' })],
    });
    expect((await negated.result).status).toBe('error');
  });
});

describe('judge: the files the agent created or changed', () => {
  it('shows created and changed files with content, names unchanged and deleted ones', async () => {
    const workspace = tempDir();
    const put = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
      writeFileSync(path.join(workspace, rel), text);
    };
    put('data/input.csv', 'region,sales');
    put('notes.md', 'old notes');
    put('gone.txt', 'bye');
    const workspaceBefore = await snapshotWorkspace(workspace);
    put('notes.md', 'new notes');
    put('out/summary.md', 'North leads');
    rmSync(path.join(workspace, 'gone.txt'));
    const { judge, requests } = scriptedJudge([answerBy(() => true)]);
    await gradeExecution({
      testCase: makeCase({ checks: [rubric('summarises')] }),
      session: makeSession(),
      workspace,
      workspaceBefore,
      judge,
    });
    const prompt = requests[0]!.messages[0]!.content;
    expect(prompt).toContain('<file path="notes.md" change="changed">\nnew notes\n</file>');
    expect(prompt).toContain('<file path="out/summary.md" change="created">\nNorth leads\n</file>');
    expect(prompt).toContain('<deleted_files>\ngone.txt\n</deleted_files>');
    expect(prompt).toMatch(/<unchanged_files[^>]*>\ndata\/input.csv\n<\/unchanged_files>/);
    expect(prompt).not.toContain('region,sales');
  });

  it("takes a quote of a file's path or content, not of the listing's own notes", async () => {
    const workspace = tempDir();
    writeFileSync(path.join(workspace, 'fixture.txt'), 'given');
    const workspaceBefore = await snapshotWorkspace(workspace);
    mkdirSync(path.join(workspace, 'out'));
    writeFileSync(path.join(workspace, 'out', 'summary.md'), 'North leads');
    const grade = (evidence: string) =>
      gradeExecution({
        testCase: makeCase({ checks: [rubric('writes the summary')] }),
        session: makeSession(),
        workspace,
        workspaceBefore,
        judge: scriptedJudge(Array(2).fill(JSON.stringify({ criteria: [{ id: 1, passed: true, evidence }] }))).judge,
      });
    expect((await grade('out/summary.md')).status).toBe('passed');
    expect((await grade('North leads')).status).toBe('passed');
    expect((await grade('present before the run; content not shown')).status).toBe('error');
  });

  it('says so when the agent touched nothing', async () => {
    const workspace = tempDir();
    writeFileSync(path.join(workspace, 'a.txt'), 'fixture');
    const workspaceBefore = await snapshotWorkspace(workspace);
    const { judge, requests } = scriptedJudge([answerBy(() => true)]);
    await gradeExecution({
      testCase: makeCase({ checks: [rubric('x')] }),
      session: makeSession(),
      workspace,
      workspaceBefore,
      judge,
    });
    expect(requests[0]!.messages[0]!.content).toContain('(the agent created or changed no files)');
  });
});
