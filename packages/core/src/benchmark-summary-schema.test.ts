import { describe, expect, it } from 'vitest';
import { BenchmarkSummarySchema } from './result.js';

const side = (variant: string) => ({ variant, executions: 2, passRate: 1, meanDurationMs: 1000, meanTokens: 500 });

describe('BenchmarkSummarySchema', () => {
  it('reads a summary written before turns, tool calls, cost and spreads were recorded', () => {
    const old = {
      against: 'without_skill',
      cases: [],
      overall: { withSkill: side('with_skill'), other: side('without_skill'), delta: { passRate: 0, tokens: 0 } },
    };
    const parsed = BenchmarkSummarySchema.parse(old);
    expect(parsed.overall.withSkill.meanTurns).toBeUndefined();
    expect(parsed.overall.delta.spread).toBeUndefined();
  });

  it('refuses a negative spread', () => {
    const spread = { sd: -1, min: 0, max: 0 };
    const withSpread = {
      ...side('with_skill'),
      spread: { durationMs: spread, tokens: spread, turns: spread, toolCalls: spread },
    };
    const result = BenchmarkSummarySchema.safeParse({
      against: 'without_skill',
      cases: [],
      overall: { withSkill: withSpread, other: side('without_skill'), delta: { passRate: 0 } },
    });
    expect(result.success).toBe(false);
  });
});
