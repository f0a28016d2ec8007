import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Check, normalizeCheck, type SessionInput } from '@skill-eval/core';
import { isGone } from '@skill-eval/engine-kit/testing';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession, tempDir } from '../test-support/fixtures.js';
import type { CheckContext } from './check-evaluator.js';
import { runCheck } from './run-check.js';

const node = process.execPath;

/** Grades `check` with --trust in a fresh workspace holding marker.txt. */
async function grade(
  check: Check,
  extra: { session?: Partial<SessionInput> } & Omit<Partial<CheckContext>, 'session'> = {},
) {
  const workspace = extra.workspace ?? tempDir();
  writeFileSync(path.join(workspace, 'marker.txt'), 'here');
  const { session, ...rest } = extra;
  const graded = await runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase({ reference: 'a haiku', checks: [{ type: 'llm-rubric', value: 'is a haiku' }] }),
    session: makeSession({ exitCode: 0, transcriptPath: '/runs/t.jsonl', ...session }),
    workspace,
    trust: true,
    ...rest,
  });
  return { ...graded, workspace };
}

/** A node one-liner reading the code-grader payload from stdin and printing `print(payload)`. */
const nodeGrader = (print: string): Check => ({
  type: 'script',
  argv: [node, '-e', `const p = JSON.parse(require('fs').readFileSync(0, 'utf8')); console.log(${print})`],
});

describe('script', () => {
  it.each<[string, Check, Partial<SessionInput>, boolean, string]>([
    [
      'exit 0 with the EVAL_* variables, in the workspace',
      {
        type: 'script',
        value:
          'test -f marker.txt && printf "msg=%s code=%s transcript=%s" "$EVAL_FINAL_MESSAGE" "$EVAL_EXIT_CODE" "$EVAL_TRANSCRIPT_PATH"',
      },
      {},
      true,
      'exit 0: msg=Rain falls on the roof code=0 transcript=/runs/t.jsonl',
    ],
    [
      'exit 1 fails, stdout is the evidence',
      { type: 'script', value: 'test -f missing.txt || { echo "missing.txt is absent"; exit 1; }' },
      {},
      false,
      'exit 1: missing.txt is absent',
    ],
    ['negated exit 1 passes', { type: 'not-script', value: 'exit 3' }, {}, true, 'exit 3: (no output)'],
    [
      'no exit code and no transcript give empty variables',
      { type: 'script', value: '[ -z "$EVAL_EXIT_CODE" ] && [ -z "$EVAL_TRANSCRIPT_PATH" ] && echo both empty' },
      { exitCode: null, transcriptPath: undefined },
      true,
      'both empty',
    ],
    [
      'argv runs without a shell',
      { type: 'script', value: 'ignored when argv is given', argv: ['printf', '%s', '$EVAL_FINAL_MESSAGE'] },
      {},
      true,
      'exit 0: $EVAL_FINAL_MESSAGE',
    ],
    ['stderr with exit 0 still passes', { type: 'script', value: 'echo note >&2; echo fine' }, {}, true, 'fine'],
    [
      'JSON without score or assertions is plain output',
      { type: 'script', value: 'echo \'{"files": 3}\'; exit 1' },
      {},
      false,
      'exit 1: {"files": 3}',
    ],
  ])('%s', async (_name, check, session, passed, evidence) => {
    const { verdict, error } = await grade(check, { session });
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it.each<[string, Check, boolean, number, string]>([
    [
      'score above the default 0.8',
      nodeGrader(`JSON.stringify({score: 0.9, reasoning: 'close'})`),
      true,
      0.9,
      'score 0.9 (pass mark 0.8): close',
    ],
    [
      'score below the default 0.8',
      nodeGrader(`JSON.stringify({score: 0.5})`),
      false,
      0.5,
      'score 0.5 (pass mark 0.8)',
    ],
    [
      'score at its threshold',
      { ...nodeGrader(`JSON.stringify({score: 0.5})`), threshold: 0.5 },
      true,
      0.5,
      'pass mark 0.5',
    ],
    [
      'assertions without score: the share passed',
      nodeGrader(
        `JSON.stringify({assertions: [{text: 'has rain', passed: true}, {text: 'five words', passed: false}]})`,
      ),
      false,
      0.5,
      '✓ has rain; ✗ five words',
    ],
    ['a score above 1 is clamped', nodeGrader(`JSON.stringify({score: 7})`), true, 1, 'score 1'],
    [
      'the payload carries the answer, input, reference, criteria and workspace',
      nodeGrader(
        `JSON.stringify({score: 1, reasoning: [p.output, p.input, p.expected_output, p.criteria, p.workspace_path === process.cwd(), p.token_usage.input, p.duration_ms, Array.isArray(p.messages)].join('|')})`,
      ),
      true,
      1,
      'Rain falls on the roof|Write a haiku about rain|a haiku|is a haiku|true|0|0|true',
    ],
  ])('JSON result: %s', async (_name, check, passed, score, evidence) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.score).toBe(score);
    expect(verdict.evidence).toContain(evidence);
  });

  it.each<[string, Check, string, string]>([
    [
      'stderr with a non-zero exit',
      { type: 'script', value: 'echo boom >&2; exit 2' },
      'BAD_INPUT',
      'failed with exit code 2: boom',
    ],
    [
      'a JSON result with a non-zero exit',
      { type: 'script', value: 'echo \'{"score": 1}\'; exit 1' },
      'BAD_INPUT',
      'failed with exit code 1 after printing {"score": 1}',
    ],
    [
      'a program that does not exist (argv)',
      { type: 'script', argv: ['/nonexistent/grader', 'x'] },
      'BAD_INPUT',
      'script "/nonexistent/grader x" could not start: ',
    ],
    [
      'a command that does not exist (shell)',
      { type: 'script', value: 'no-such-grader-xyz --check' },
      'BAD_INPUT',
      'script "no-such-grader-xyz --check" could not start: command not found (exit 127)',
    ],
    ['no command', { type: 'script' }, 'BAD_INPUT', 'script check needs a command'],
    ['a threshold above 1', { type: 'script', value: 'true', threshold: 80 }, 'BAD_INPUT', 'between 0 and 1'],
    ['a zero timeout', { type: 'script', value: 'true', timeoutSeconds: 0 }, 'BAD_INPUT', 'must be above 0'],
  ])('%s is errored', async (_name, check, code, message) => {
    const { verdict, error } = await grade(check);
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.code).toBe(code);
    expect(error?.message).toContain(message);
  });

  it('runs with the execution env only, or with PATH alone when there is none', async () => {
    process.env.SKILL_EVAL_TEST_LEAK = 'leaked';
    try {
      const print = 'printf "home=%s foo=%s leak=%s" "$HOME" "$FOO" "$SKILL_EVAL_TEST_LEAK"';
      const withEnv = await grade(
        { type: 'script', value: print },
        { env: { PATH: process.env.PATH ?? '', HOME: '/isolated/home', FOO: 'bar' } },
      );
      expect(withEnv.verdict.evidence).toContain('home=/isolated/home foo=bar leak=');
      expect(withEnv.verdict.evidence).not.toContain('leaked');
      const bare = await grade({ type: 'script', value: print });
      expect(bare.verdict.passed).toBe(true);
      expect(bare.verdict.evidence).toContain('home= foo= leak=');
    } finally {
      delete process.env.SKILL_EVAL_TEST_LEAK;
    }
  });

  it('takes a timeout longer than a timer can wait as the longest one can, not as an instant timeout', async () => {
    const { verdict, error } = await grade({ type: 'script', value: 'sleep 0.1', timeoutSeconds: 1e9 });
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(true);
  });

  it('bounds long output and marks the cut', async () => {
    const { verdict } = await grade({ type: 'script', value: 'head -c 100000 /dev/zero | tr "\\0" x' });
    expect(verdict.passed).toBe(true);
    expect(verdict.evidence.length).toBeLessThan(4200);
    expect(verdict.evidence).toMatch(/truncated \d+ chars/);
  });

  it('copes with a long final message: the variable is cut to 100 kB, stdin is never read', async () => {
    const { verdict, error } = await grade(
      { type: 'script', value: 'printf %s "$EVAL_FINAL_MESSAGE" | wc -c' },
      { session: { finalMessage: 'x'.repeat(2_000_000) } },
    );
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(true);
    expect(verdict.evidence).toBe('exit 0: 100000');
  });

  it('kills the whole process group at the timeout', async () => {
    const workspace = tempDir();
    const started = Date.now();
    const { verdict, error } = await grade(
      { type: 'script', value: 'sleep 30 & echo $! > bg.pid; wait', timeoutSeconds: 0.5 },
      { workspace },
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(verdict.errored).toBe(true);
    expect(error).toEqual({ code: 'TIMEOUT', message: expect.stringContaining('ran past its 0.5 s limit') });
    const pid = Number(readFileSync(path.join(workspace, 'bg.pid'), 'utf8'));
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => isGone(pid)).toBe(true);
  });

  it('stops when the run is aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { verdict, error } = await grade({ type: 'script', value: 'sleep 30' }, { signal: controller.signal });
    expect(verdict.errored).toBe(true);
    expect(error?.code).toBe('INTERRUPTED');
  });
});
