import { deadlineSignal, normalizeCheck, SkillEvalError } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { boundedSearch } from './bounded-regex.js';
import { runCheck } from './run-check.js';

// Forty `a`s and a `b`: a nested repeat tries every way to split the `a`s before failing, 2^40 of them.
const runaway = `${'a'.repeat(40)}b`;
// Each stop is held to a bound far below what the search would take (hours) and the 60 s of the interrupted one, and
// above a fresh worker's start on a loaded machine; which limit stopped it, the message says.
const deadline = (limitMs = 2000, signal?: AbortSignal) => ({ limitMs, label: 'check "regex"', signal });
const found = (re: RegExp, text: string) => {
  const match = re.exec(text);
  return match && { index: match.index, length: match[0].length };
};

describe('boundedSearch', () => {
  it('finds what exec finds, on the linear engine and on the worker alike', async () => {
    const text = 'Total: 42 apples, 7 pears\nÄpfel 😀';
    const patterns = [/(\d+) (\w+)/, /pears$/m, /(?<n>\d+) apples/, /nothing/, /^(a+)+$/, /PEARS/i, /(\d)\1?/];
    for (const re of [...patterns, /(?<=, )\d/, /\p{L}+ \u{1F600}/u, /äpfel/iu, /^.{2}$/su]) {
      expect(await boundedSearch(re, text, deadline())).toEqual(found(re, text));
    }
  });

  it('ends a runaway search of a plain pattern with the right answer, on the linear engine', async () => {
    expect(await boundedSearch(/^(a+)+$/, runaway, deadline())).toBeNull();
    expect(await boundedSearch(/^(\w+\s?)+$/, `${'word '.repeat(30)}!`, deadline())).toBeNull();
    expect((await boundedSearch(/(a+)+b/, runaway, deadline()))?.index).toBe(0);
  });

  it('stops a runaway pattern the linear engine cannot run (a backreference) at its time limit, naming the check', async () => {
    const started = Date.now();
    const thrown = await boundedSearch(/^(a+)+(\1)?$/, runaway, deadline(100)).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(thrown).toBeInstanceOf(SkillEvalError);
    expect((thrown as SkillEvalError).code).toBe('TIMEOUT');
    expect((thrown as Error).message).toBe(
      'check "regex": /^(a+)+(\\1)?$/ was stopped after searching for 0.1 s: it backtracks without end on this text',
    );
    // The same pattern on a text it settles quickly still answers, on a fresh worker.
    expect(await boundedSearch(/^(a+)+(\1)?$/, 'aaaa', deadline())).toEqual({ index: 0, length: 4 });
  });

  it('stops at once when the run is interrupted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const search = boundedSearch(/^(a+)+(\1)?$/i, runaway, deadline(60_000, controller.signal));
    setTimeout(() => controller.abort(), 50);
    await expect(search).rejects.toMatchObject({ code: 'INTERRUPTED' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('the regex check on a runaway pattern', () => {
  const context = {
    testCase: makeCase({ source: { file: '/project/evals/hostile.eval.yaml', line: 12, format: 'agentv' } }),
    session: makeSession({ finalMessage: runaway }),
    workspace: '/nonexistent',
  };

  it('grades a pattern the linear engine runs instead of hanging the run', async () => {
    const { verdict } = await runCheck(normalizeCheck({ type: 'regex', value: '^(a+)+$' }), 'check', context);
    expect(verdict).toMatchObject({ passed: false, errored: false });
    const negated = await runCheck(normalizeCheck({ type: 'not-regex', value: '^(a+)+$' }), 'check', context);
    expect(negated.verdict).toMatchObject({ passed: true, errored: false });
  });

  it('makes a runaway pattern the linear engine cannot run an error naming the check, file and line', async () => {
    const check = normalizeCheck({ type: 'regex', value: '^(a+)+$', flags: 'i' });
    const { verdict, error } = await runCheck(check, 'check', context);
    expect(verdict).toMatchObject({ passed: false, errored: true });
    expect(error?.code).toBe('TIMEOUT');
    expect(verdict.evidence).toContain(
      'check "regex: ^(a+)+$" of case "case-1" (/project/evals/hostile.eval.yaml:12): /^(a+)+$/i was stopped',
    );
  });

  it('makes a check still searching when grading passes the execution time limit an error', async () => {
    const limit = deadlineSignal(100);
    // A backreference keeps it off the linear engine; anchored at both ends, it tries all 2^40 ways to split the
    // `a`s (`(a|a)*\\1b` matched at once, and passed only while the worker took longer than 100 ms to start).
    const check = normalizeCheck({ type: 'regex', value: '^(a|a)*\\1$', flags: 'i' });
    const started = Date.now();
    const { error } = await runCheck(check, 'check', { ...context, signal: limit.signal });
    limit.dispose();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect(error?.message).toContain("was stopped: grading passed the execution's time limit (-t)");
  });
});
