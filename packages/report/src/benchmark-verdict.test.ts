import type { BenchmarkComparison } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { efficiencyVerdict } from './benchmark-verdict.js';

const comparison = (
  pass: [number, number],
  tokens: [number, number],
  time: [number, number],
  timed = true,
): BenchmarkComparison => ({
  withSkill: {
    variant: 'with_skill',
    executions: 2,
    passRate: pass[0],
    meanDurationMs: time[0],
    meanTokens: tokens[0],
  },
  other: { variant: 'without_skill', executions: 2, passRate: pass[1], meanDurationMs: time[1], meanTokens: tokens[1] },
  delta: {
    passRate: pass[0] - pass[1],
    ...(timed ? { durationMs: time[0] - time[1], tokens: tokens[0] - tokens[1] } : {}),
  },
});

describe('efficiency verdict', () => {
  it('calls the same pass rate with fewer tokens better, relative to the other side', () => {
    expect(efficiencyVerdict(comparison([1, 1], [620, 1000], [800, 1000]))).toEqual({
      text: 'same pass rate, 38% fewer tokens, 20% faster',
      tone: 'better',
    });
  });

  it('calls the same pass rate with more tokens worse, and a higher one with more tokens a trade-off', () => {
    expect(efficiencyVerdict(comparison([1, 1], [1500, 1000], [1000, 1000]))).toEqual({
      text: 'same pass rate, 50% more tokens, as fast',
      tone: 'worse',
    });
    expect(efficiencyVerdict(comparison([1, 0.5], [1500, 1000], [1200, 1000]))?.tone).toBe('neutral');
    expect(efficiencyVerdict(comparison([1, 0.5], [1000, 1000], [1200, 1000]))).toEqual({
      text: 'higher pass rate, as many tokens, 20% slower',
      tone: 'better',
    });
  });

  it('says nothing when time and tokens were not compared, and leaves out a change relative to nothing', () => {
    expect(efficiencyVerdict(comparison([1, 1], [0, 0], [0, 0], false))).toBeUndefined();
    expect(efficiencyVerdict(comparison([0.5, 1], [100, 0], [100, 0]))).toEqual({
      text: 'lower pass rate',
      tone: 'worse',
    });
  });
});
