import { describe, expect, it } from 'vitest';
import { caseResult } from '../test-support/results.js';
import { failureReason } from './failure-reason.js';

const check = (name: string, passed: boolean, extra: Record<string, unknown> = {}) => ({
  type: 'contains',
  name,
  passed,
  score: passed ? 1 : 0,
  evidence: `${name} evidence`,
  ...extra,
});

describe('failureReason', () => {
  it.each([
    ['a pass has none', { status: 'passed' }, undefined],
    [
      'the first failing check',
      { status: 'failed', checks: [check('one', true), check('two', false), check('three', false)] },
      { check: 'two', reason: 'two evidence' },
    ],
    [
      'a failed gate before other failures',
      { status: 'failed', checks: [check('scored', false), check('gate', false, { gate: true })] },
      { check: 'gate', reason: 'gate evidence' },
    ],
    [
      'the check that could not be evaluated, for an error',
      { status: 'error', checks: [check('plain', false), check('judge', false, { errored: true })] },
      { check: 'judge', reason: 'judge evidence' },
    ],
    [
      'the execution error before any check',
      { status: 'error', error: { code: 'TIMEOUT', message: 'ran past 60s' }, checks: [check('x', false)] },
      { reason: 'TIMEOUT: ran past 60s' },
    ],
    [
      'the check type when there is no evidence',
      { status: 'failed', checks: [check('', false, { type: 'file-exists', evidence: '' })] },
      { check: 'file-exists', reason: 'file-exists did not hold' },
    ],
    [
      'the score when every check held',
      { status: 'failed', score: 0.4, checks: [check('ok', true)] },
      { reason: 'score 0.40 below the threshold' },
    ],
    ['a bare skip has none', { status: 'skipped', checks: [] }, undefined],
  ])('%s', (_name, overrides, expected) => {
    expect(failureReason(caseResult(overrides))).toEqual(expected);
  });
});
