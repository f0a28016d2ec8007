import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Check, deadlineSignal, normalizeCheck, type SessionInput } from '@skill-eval/core';
import { containmentMechanism, openContainment } from '@skill-eval/engine-kit/execution-containment';
import { deadlineAfterStart, isGone } from '@skill-eval/engine-kit/testing';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession, tempDir } from '../test-support/fixtures.js';
import type { CheckContext } from './check-evaluator.js';
import { runCheck } from './run-check.js';

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

  it.each<[string, Check, string]>([
    [
      'stderr with a non-zero exit',
      { type: 'script', value: 'echo boom >&2; exit 2' },
      'exit 2: (no output) [stderr: boom]',
    ],
    [
      'a JSON score: skill-up reads only the exit code',
      { type: 'script', value: 'echo \'{"score": 1}\'; exit 1' },
      'exit 1: {"score": 1}',
    ],
    [
      'a command that does not exist (shell)',
      { type: 'script', value: 'no-such-grader-xyz --check' },
      'exit 127: (no output) [stderr: ',
    ],
  ])('%s fails, as skill-up fails it', async (_name, check, evidence) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(false);
    expect(verdict.evidence).toContain(evidence);
  });

  it('passes on exit 0 whatever score it prints', async () => {
    const { verdict } = await grade({ type: 'script', value: 'echo \'{"score": 0.1}\'' });
    expect(verdict).toMatchObject({ passed: true, score: 1 });
  });

  it.each<[string, Check, string, string]>([
    [
      'a program that does not exist (argv)',
      { type: 'script', argv: ['/nonexistent/grader', 'x'] },
      'BAD_INPUT',
      'script "/nonexistent/grader x" could not start: ',
    ],
    ['no command', { type: 'script' }, 'BAD_INPUT', 'script check needs a command'],
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
    let elapsed = 0;
    // The limit must pass with the background child started: a script that had not got that far gets twice the time.
    const { result, timeoutMs } = await deadlineAfterStart(
      async (limit) => {
        const started = Date.now();
        const graded = await grade(
          { type: 'script', value: 'sleep 30 & echo $! > bg.pid; wait', timeoutSeconds: limit / 1000 },
          { workspace },
        );
        elapsed = Date.now() - started;
        return graded;
      },
      () => readFileSync(path.join(workspace, 'bg.pid'), 'utf8').trim() !== '',
      { firstMs: 500 },
    );
    const { verdict, error } = result;
    // Far below the script's 30 s.
    expect(elapsed).toBeLessThan(timeoutMs + 15_000);
    // skill-up fails a script that runs past its limit.
    expect(error).toBeUndefined();
    expect(verdict).toMatchObject({ passed: false, evidence: `script timed out after ${timeoutMs / 1000} s` });
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

  it('stops at the end of the execution’s time limit, with an error that names it', async () => {
    const limit = deadlineSignal(300);
    try {
      const { verdict, error } = await grade({ type: 'script', value: 'sleep 30' }, { signal: limit.signal });
      expect(verdict.errored).toBe(true);
      expect(error?.code).toBe('TIMEOUT');
      // As a runaway pattern's error does: the check, its case, and the case's file and line.
      expect(error?.message).toMatch(
        /^check "script: sleep 30" of case "[^"]+" \([^)]+\) was stopped: grading passed the execution's time limit \(-t\)$/,
      );
    } finally {
      limit.dispose();
    }
  });

  // Only a kernel boundary holds a process that leaves its session with an empty environment.
  it.runIf(containmentMechanism() === 'cgroup')(
    'starts inside the execution’s containment: what it leaves behind, in any session or environment, ends with it',
    async () => {
      const containment = await openContainment();
      const escaper = `setsid env -i sh -c 'echo $$ > escaped.tmp && mv escaped.tmp escaped.pid; exec sleep 300' </dev/null >/dev/null 2>&1 &
while [ ! -s escaped.pid ]; do sleep 0.01; done`;
      const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...containment.env };
      const { verdict, workspace } = await grade({ type: 'script', value: escaper }, { env });
      expect(verdict.passed).toBe(true);
      const pid = Number(readFileSync(path.join(workspace, 'escaped.pid'), 'utf8'));
      expect(isGone(pid)).toBe(false);
      expect((await containment.end()).killed).toBeGreaterThan(0);
      await expect.poll(() => isGone(pid)).toBe(true);
    },
  );
});
