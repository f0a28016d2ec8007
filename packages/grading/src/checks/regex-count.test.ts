import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Check, normalizeCheck } from '@skill-eval/core';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { countMatches } from './count-matches.js';
import { runCheck } from './run-check.js';

describe('a regex check that counts its matches (matchCount: Claude Code’s match: count:N)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'regex-count-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const grade = (check: Check, finalMessage: string) =>
    runCheck(normalizeCheck(check), 'check', {
      testCase: makeCase({}),
      session: makeSession({ finalMessage }),
      workspace: dir,
    });

  it('passes with exactly that many matches, counted as String.prototype.match with the g flag counts them', async () => {
    const cases: [string, string, string, number][] = [
      // pattern, flags, answer, matches (what `answer.match(new RegExp(pattern, flags + 'g')).length` gives)
      ['ab', '', 'ab ab ab', 3],
      ['hello', 'i', 'Hello hello HELLO', 3], // the i flag: off the linear engine on Node 20, on the pattern worker
      ['(a)\\1', '', 'aa aa', 2], // a backreference: the pattern worker
      ['x*', '', 'ab', 3], // empty matches count, the search moving on past each
      ['^-', 'm', '- a\n- b\nc', 2],
      ['z', 'g', 'zz', 2], // a g flag already written
      ['q', '', 'none', 0],
      ['x*', 'u', '😀😀', 3], // an empty match moves on past a whole surrogate pair
      ['x*', 'iu', '😀😀', 3], // the same on the pattern worker
    ];
    for (const [value, flags, answer, matches] of cases) {
      expect(answer.match(new RegExp(value, flags.includes('g') ? flags : `${flags}g`))?.length ?? 0).toBe(matches);
      for (const expected of [matches, matches + 1]) {
        const check: Check = { type: 'regex', value, ...(flags ? { flags } : {}), matchCount: expected };
        const { verdict } = await grade(check, answer);
        expect(verdict.passed, `/${value}/${flags} × ${expected} in ${JSON.stringify(answer)}`).toBe(
          expected === matches,
        );
        expect(verdict.errored).toBe(false);
      }
    }
  });

  it('counts as String.prototype.match counts, without keeping the matches', () => {
    const texts = ['', 'ab', 'aaa', '😀x😀', 'a\nb\n', 'ÉÉé'];
    const patterns: [string, string][] = [
      ['', ''],
      ['', 'u'],
      ['x*', ''],
      ['x*', 'u'],
      ['x*', 'v'],
      ['a', 'g'],
      ['(?:)', 'y'],
      ['^', 'm'],
      ['é', 'i'],
      ['.', 'su'],
    ];
    for (const [source, flags] of patterns) {
      for (const text of texts) {
        const expected = text.match(new RegExp(source, flags.includes('g') ? flags : `${flags}g`))?.length ?? 0;
        const got = countMatches(new RegExp(source, flags), text);
        expect(got, `/${source}/${flags} in ${JSON.stringify(text)}`).toBe(expected);
      }
    }
  });

  it('counts in a workspace file with over: file, and says what it found', async () => {
    writeFileSync(path.join(dir, 'log.txt'), 'ok\nok\nfail\n');
    const check: Check = { type: 'regex', value: '^ok$', flags: 'm', over: 'file', path: 'log.txt', matchCount: 2 };
    const { verdict } = await grade(check, '');
    expect(verdict.passed).toBe(true);
    expect(verdict.evidence).toContain('/^ok$/m has 2 matches in log.txt (expected 2)');
  });
});
