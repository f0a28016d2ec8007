import { normalizeCheck, SkillEvalError } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { boundedExec } from './bounded-regex.js';
import { runCheck } from './run-check.js';

// Forty `a`s and a `b`: a nested repeat tries every way to split the `a`s before failing, 2^40 of them.
const runaway = `${'a'.repeat(40)}b`;

describe('boundedExec', () => {
  it('finds what exec finds: the same match, index and groups', () => {
    const text = 'Total: 42 apples, 7 pears';
    for (const re of [/(\d+) (\w+)/, /pears$/, /(?<n>\d+) apples/, /nothing/, /^(a+)+$/]) {
      expect(boundedExec(re, text)).toEqual(re.exec(text));
    }
  });

  it('ends a runaway search of a plain pattern with the right answer, on the linear engine', () => {
    expect(boundedExec(/^(a+)+$/, runaway)).toBeNull();
    expect(boundedExec(/^(\w+\s?)+$/, `${'word '.repeat(30)}!`)).toBeNull();
    expect(boundedExec(/(a+)+b/, runaway)?.index).toBe(0);
  });

  it('stops a runaway pattern the linear engine cannot run (a backreference) at its time limit, naming it', () => {
    const re = /^(a+)+(\1)?$/;
    let thrown: unknown;
    try {
      boundedExec(re, runaway, 100);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SkillEvalError);
    expect((thrown as SkillEvalError).code).toBe('BAD_INPUT');
    expect((thrown as Error).message).toBe(
      'regex /^(a+)+(\\1)?$/ was stopped after searching the answer for 0.1 s: it backtracks without end on this text',
    );
    // The same pattern on a text it settles quickly still answers.
    expect(boundedExec(re, 'aaaa')?.[0]).toBe('aaaa');
  });
});

describe('the regex check on a runaway pattern', () => {
  it('grades instead of hanging the run', async () => {
    const context = {
      testCase: makeCase(),
      session: makeSession({ finalMessage: runaway }),
      workspace: '/nonexistent',
    };
    const { verdict } = await runCheck(normalizeCheck({ type: 'regex', value: '^(a+)+$' }), 'check', context);
    expect(verdict).toMatchObject({ passed: false, errored: false });
    const negated = await runCheck(normalizeCheck({ type: 'not-regex', value: '^(a+)+$' }), 'check', context);
    expect(negated.verdict).toMatchObject({ passed: true, errored: false });
  });
});
