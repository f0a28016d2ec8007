import type { CheckVerdict } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { scoreVerdicts } from './scoring.js';

const v = (passed: boolean, extra: Partial<CheckVerdict> = {}): CheckVerdict => ({
  type: 'contains',
  name: 'c',
  passed,
  score: passed ? 1 : 0,
  weight: 1,
  required: false,
  evidence: '',
  gate: false,
  errored: false,
  ...extra,
});

describe('scoreVerdicts', () => {
  it.each<[string, CheckVerdict[], number | undefined, 'passed' | 'failed' | 'error', number]>([
    ['all pass, no threshold', [v(true), v(true)], undefined, 'passed', 1],
    ['one fails, no threshold means all must pass', [v(true), v(false)], undefined, 'failed', 0.5],
    ['weighted mean reaches threshold', [v(true, { weight: 3 }), v(false)], 0.75, 'passed', 0.75],
    ['weighted mean below threshold', [v(true), v(false, { weight: 3 })], 0.5, 'failed', 0.25],
    ['partial scores', [v(true, { score: 0.5 }), v(true)], 0.7, 'passed', 0.75],
    [
      'failed required check fails whatever the score',
      [v(true, { weight: 9 }), v(false, { required: true })],
      0.5,
      'failed',
      0.9,
    ],
    ['weight 0 does not move the score', [v(true), v(false, { weight: 0 })], 0.9, 'passed', 1],
    // promptfoo: a failed assertion of weight 0 never fails the test.
    ['weight-0 failures do not count', [v(true), v(false, { weight: 0 })], undefined, 'passed', 1],
    [
      'a required weight-0 failure still fails',
      [v(true), v(false, { weight: 0, required: true })],
      undefined,
      'failed',
      1,
    ],
    ['only weight-0 checks score 0, as promptfoo divides', [v(true, { weight: 0 })], undefined, 'passed', 0],
    [
      'only unweighted verdicts, all pass',
      [v(true, { weight: 0, required: true, gate: true })],
      undefined,
      'passed',
      1,
    ],
    [
      'only unweighted verdicts, one fails',
      [v(false, { weight: 0, required: true, gate: true })],
      undefined,
      'failed',
      0,
    ],
    ['threshold 0 still fails on a required failure', [v(false, { required: true })], 0, 'failed', 0],
    ['any errored verdict makes it error', [v(true), v(false, { errored: true })], 0, 'error', 0],
  ])('%s', (_, verdicts, threshold, status, score) => {
    const result = scoreVerdicts(verdicts, threshold);
    expect(result.status).toBe(status);
    expect(result.score).toBeCloseTo(score, 9);
  });
});

describe("scoreVerdicts under AgentV's mean-score rule", () => {
  it.each<[string, CheckVerdict[], number | undefined, 'passed' | 'failed', number]>([
    ['4 of 5 reach the default 0.8', [v(true), v(true), v(true), v(true), v(false)], undefined, 'passed', 0.8],
    ['3 of 4 fall short of 0.8', [v(true), v(true), v(true), v(false)], undefined, 'failed', 0.75],
    ['a failure of weight 0 costs nothing', [v(true), v(false, { weight: 0 })], undefined, 'passed', 1],
    ['nothing weighed scores 0', [v(true, { weight: 0 })], undefined, 'failed', 0],
    // computeWeightedMean (@agentv/core 4.42.4 dist/chunk-FRDEARJA.js:24038-24047): a required check weighs nothing too.
    ['nothing weighed scores 0, required or not', [v(true, { weight: 0, required: true })], undefined, 'failed', 0],
    [
      'a failed required check makes the score 0',
      [v(true), v(true), v(true), v(true), v(false, { required: true })],
      undefined,
      'failed',
      0,
    ],
    ['the test threshold replaces 0.8', [v(true), v(false)], 0.5, 'passed', 0.5],
    ['a negated score counts as given', [v(true, { score: 0.3 })], 0.3, 'passed', 0.3],
  ])('%s', (_, verdicts, threshold, status, score) => {
    const result = scoreVerdicts(verdicts, threshold, 'mean-score');
    expect(result.status).toBe(status);
    expect(result.score).toBeCloseTo(score, 9);
  });
});
