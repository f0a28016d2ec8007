import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession, tempDir } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

const node = process.execPath;

/** An eval folder holding the eval file and `grade.js`, a grader printing `print(payload)` (payload: stdin's JSON). */
function evalFolder(print: string): string {
  const folder = tempDir();
  writeFileSync(
    path.join(folder, 'grade.js'),
    `const p = JSON.parse(require('fs').readFileSync(0, 'utf8'));\nconsole.log(${print});\n`,
  );
  return folder;
}

/** Grades `check` with --trust as a check of `suite.eval.yaml` in `folder`, the agent's workspace apart. */
async function grade(check: Check, folder = tempDir()) {
  const workspace = tempDir();
  return runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase({
      reference: 'a haiku',
      metadata: { topic: 'rain' },
      source: { file: path.join(folder, 'suite.eval.yaml'), format: 'agentv' },
    }),
    session: makeSession({
      events: [
        { type: 'message', role: 'user', text: 'Write a haiku about rain' },
        { type: 'tool-call', id: 't1', name: 'Read', input: { path: 'a' } },
        { type: 'tool-result', id: 't1', output: 'text' },
        { type: 'message', role: 'assistant', text: 'Rain falls on the roof' },
      ],
      usage: { inputTokens: 10, outputTokens: 5 },
    }),
    workspace,
    trust: true,
  });
}

const grader: Check = { type: 'code-grader', command: `${node} grade.js` };

describe('code-grader', () => {
  it.each<[string, string, boolean, number, string]>([
    [
      'a score above 0.8',
      `JSON.stringify({score: 0.9, reasoning: 'close'})`,
      true,
      0.9,
      'score 0.9 (pass mark 0.8): close',
    ],
    ['a score below 0.8', `JSON.stringify({score: 0.5})`, false, 0.5, 'score 0.5 (pass mark 0.8)'],
    [
      'assertions without a score: the share that passed',
      `JSON.stringify({assertions: [{text: 'rain', passed: true}, {text: 'five words', passed: false}]})`,
      false,
      0.5,
      '✓ rain; ✗ five words',
    ],
    [
      'JSON without score or assertions scores 0, as AgentV scores it',
      `JSON.stringify({ok: true})`,
      false,
      0,
      'printed no score',
    ],
    ['a score above 1 is clamped', `JSON.stringify({score: 7})`, true, 1, 'score 1'],
    ['plain text on exit 0 scores 1', `'looks fine'`, true, 1, 'exit 0: looks fine'],
    ['a JSON list is not a result: exit 0 scores 1', `'[1, 2]'`, true, 1, 'exit 0: [1, 2]'],
  ])('%s', async (_name, print, passed, score, evidence) => {
    const { verdict, error } = await grade(grader, evalFolder(print));
    expect(error).toBeUndefined();
    expect(verdict).toMatchObject({ passed, score });
    expect(verdict.evidence).toContain(evidence);
  });

  it("runs from the eval file's folder, as AgentV's README writes ./grade.py", async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, 'grade.sh'), '#!/bin/sh\necho "{\\"score\\": 1, \\"reasoning\\": \\"$(pwd)\\"}"\n');
    chmodSync(path.join(folder, 'grade.sh'), 0o755);
    const { verdict, error } = await grade({ type: 'code-grader', command: './grade.sh' }, folder);
    expect(error).toBeUndefined();
    expect(verdict).toMatchObject({ passed: true, evidence: expect.stringContaining(folder) });
  });

  it('runs from cwd, relative to the eval file', async () => {
    const folder = tempDir();
    mkdirSync(path.join(folder, 'graders'));
    writeFileSync(path.join(folder, 'graders', 'here.txt'), 'x');
    const { verdict } = await grade({ type: 'code-grader', command: 'test -f here.txt', cwd: 'graders' }, folder);
    expect(verdict.passed).toBe(true);
  });

  it("sends AgentV's payload: message lists, the answer, the transcript, usage and config, all in snake_case", async () => {
    const folder = evalFolder('JSON.stringify({score: 1, reasoning: JSON.stringify(p)})');
    const { verdict } = await grade(
      { type: 'code-grader', command: [node, 'grade.js'], config: { maxWords: 5 }, strictness: 'high' },
      folder,
    );
    const payload = JSON.parse(verdict.evidence.replace(/^score 1 \(pass mark 0\.8\): /, ''));
    expect(Object.keys(payload)).toEqual([
      'criteria',
      'expected_output',
      'output',
      'messages',
      'input_files',
      'input',
      'metadata',
      'trace',
      'trace_summary',
      'token_usage',
      'cost_usd',
      'duration_ms',
      'start_time',
      'end_time',
      'file_changes',
      'workspace_path',
      'config',
    ]);
    expect(payload).toMatchObject({
      criteria: '',
      expected_output: [{ role: 'assistant', content: 'a haiku' }],
      output: 'Rain falls on the roof',
      input: [{ role: 'user', content: 'Write a haiku about rain' }],
      metadata: { topic: 'rain' },
      messages: [
        { role: 'user', content: 'Write a haiku about rain' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ tool: 'Read', input: { path: 'a' }, output: 'text', id: 't1' }],
        },
        { role: 'assistant', content: 'Rain falls on the roof' },
      ],
      trace_summary: { event_count: 1, tool_calls: { Read: 1 }, error_count: 0, llm_call_count: 2 },
      token_usage: { input: 10, output: 5 },
      config: { strictness: 'high', max_words: 5 },
    });
  });

  it('sends what the AgentV reader recorded of the test in place of what the case holds', async () => {
    const folder = evalFolder('JSON.stringify({score: 1, reasoning: JSON.stringify([p.criteria, p.expected_output])})');
    const recorded = {
      criteria: 'Is a haiku',
      expectedOutput: [{ role: 'assistant', content: 'Rain, roof' }],
      input: [{ role: 'user', content: 'hi' }],
      metadata: null,
    };
    const { verdict } = await grade({ type: 'code-grader', command: `${node} grade.js`, payload: recorded }, folder);
    expect(verdict.evidence).toContain('["Is a haiku",[{"role":"assistant","content":"Rain, roof"}]]');
  });

  it.each<[string, Check, string]>([
    ['stderr with a non-zero exit', { type: 'code-grader', command: 'echo boom >&2; exit 2' }, 'exit code 2: boom'],
    [
      'JSON with a non-zero exit',
      { type: 'code-grader', command: `echo '{"score": 1}'; exit 1` },
      'exit code 1 after printing {"score": 1}',
    ],
    ['a grader that is not there', { type: 'code-grader', command: './missing.py' }, 'exit code 127'],
    ['no command', { type: 'code-grader' }, 'code-grader needs a command'],
  ])('%s is an error (AgentV scores it 0)', async (_name, check, message) => {
    const { verdict, error } = await grade(check);
    expect(verdict.errored).toBe(true);
    expect(error?.message).toContain(message);
  });

  it('a non-zero exit that printed nothing scores 0', async () => {
    const { verdict, error } = await grade({ type: 'code-grader', command: 'exit 3' });
    expect(error).toBeUndefined();
    expect(verdict).toMatchObject({ passed: false, score: 0, evidence: 'exit 3: (no output)' });
  });

  it('runs only with --trust', async () => {
    const graded = await runCheck({ type: 'code-grader', command: 'true' }, 'check', {
      testCase: makeCase(),
      session: makeSession(),
      workspace: tempDir(),
    });
    expect(graded.error?.message).toContain('runs only with --trust');
  });
});
