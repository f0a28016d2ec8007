import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

const answer = 'The Answer is 42.\nSee report.md for details.\n\n';

const grade = (check: Check) =>
  runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase(),
    session: makeSession({ finalMessage: answer }),
    workspace: '/nonexistent',
  });

describe('list and affix checks on the final answer', () => {
  it.each<[Check, boolean, string]>([
    [{ type: 'contains-any', value: ['nope', 'report.md'] }, true, 'found "report.md"'],
    // An empty list, as the promptfoo format reads a comma string of no item: nothing found, nothing missing.
    [{ type: 'icontains-any', value: [] }, false, 'none of []'],
    [{ type: 'contains-all', value: [] }, true, 'found all of []'],
    [{ type: 'contains-any', value: ['nope', 'REPORT.md'] }, false, 'none of'],
    [{ type: 'contains-any', value: ['nope', 'REPORT.md'], caseSensitive: false }, true, 'found "REPORT.md"'],
    [{ type: 'contains-any', value: 'Answer' }, true, 'found "Answer"'],
    [{ type: 'contains-any', value: '"Answer is", nope' }, true, 'found "Answer is"'],
    [{ type: 'contains-any', value: 'nope,, ,never,' }, false, 'none of ["nope","never"]'],
    [{ type: 'contains-all', value: [42, 'Answer'] }, true, 'found all'],
    [{ type: 'not-contains-any', value: ['nope', 'never'] }, true, 'none of'],
    [{ type: 'contains_any', value: ['42'], negate: true }, false, 'found "42"'],
    [{ type: 'contains-all', value: ['Answer', 'report.md'] }, true, 'found all'],
    [{ type: 'contains-all', value: ['Answer', 'answer', 'nope'] }, false, 'missing ["answer","nope"]'],
    [{ type: 'contains-all', value: ['answer', 'REPORT'], caseSensitive: false }, true, 'found all'],
    [{ type: 'not-contains-all', value: ['Answer', 'nope'] }, true, 'missing ["nope"]'],
    [{ type: 'icontains-any', value: ['NOPE', 'DETAILS'] }, true, 'found "DETAILS"'],
    [{ type: 'icontains-any', value: ['nope'] }, false, 'none of'],
    [{ type: 'not-icontains-any', value: ['ANSWER'] }, false, 'found'],
    [{ type: 'icontains-all', value: ['ANSWER', 'details'] }, true, 'found all'],
    [{ type: 'icontains-all', value: ['ANSWER', 'nope'] }, false, 'missing ["nope"]'],
    [{ type: 'not-icontains-all', value: ['ANSWER', 'nope'] }, true, 'missing'],
    [{ type: 'starts-with', value: 'The Answer' }, true, 'starts with'],
    [{ type: 'starts-with', value: 'the answer' }, false, 'does not start with'],
    [{ type: 'starts-with', value: 'the answer', caseSensitive: false }, true, 'starts with'],
    [{ type: 'not-starts-with', value: 'See' }, true, 'does not start with'],
    [{ type: 'ends-with', value: 'details.' }, false, 'does not end with'],
    [{ type: 'ends-with', value: 'details.', trimEnd: true }, true, 'ends with'],
    [{ type: 'ends-with', value: 'DETAILS.', trimEnd: true, caseSensitive: false }, true, 'ends with'],
    [{ type: 'ends-with', value: 'details.\n\n' }, true, 'ends with'],
    [{ type: 'not-ends-with', value: 'details.', trimEnd: true }, false, 'ends with'],
    [{ type: 'ends-with', value: 'details.\n', trim: true }, true, 'ends with'],
    [{ type: 'starts-with', value: '  The Answer\n', trim: true }, true, 'starts with'],
    [{ type: 'starts-with', value: '  The Answer' }, false, 'does not start with'],
  ])('%j → %s', async (check, passed, evidence) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.score).toBe(passed ? 1 : 0);
    expect(verdict.evidence).toContain(evidence);
  });

  it.each<[Check, string]>([
    [{ type: 'contains-any' }, 'needs a list of strings'],
    [{ type: 'contains-all', value: [{ a: 1 }, 2] }, 'needs a list of strings'],
    [{ type: 'not-icontains-all', value: { a: 1 } }, 'needs a list of strings'],
    [{ type: 'contains-any', value: ',, ,' }, 'needs a list of strings'],
    [{ type: 'contains-any', value: '"open, quote' }, 'no closing quote'],
    [{ type: 'contains', value: '' }, 'empty value'],
    [{ type: 'starts-with' }, 'needs a string value'],
    [{ type: 'not-ends-with', value: ['a'] }, 'needs a string value'],
  ])('%j is errored', async (check, message) => {
    const { verdict, error } = await grade(check);
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.code).toBe('BAD_INPUT');
    expect(error?.message).toContain(message);
  });
});
