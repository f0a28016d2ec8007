import { describe, expect, it } from 'vitest';
import { modelPrice, priceUsage } from './pricing.js';

const usage = {
  inputTokens: 1_000_000,
  outputTokens: 100_000,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  reasoningTokens: 0,
};

describe('priceUsage', () => {
  it('prices a model by its longest listed prefix', () => {
    expect(modelPrice('gemini-2.5-flash-lite-preview')?.input).toBe(0.1);
    expect(modelPrice('gemini-2.5-flash-001')?.input).toBe(0.3);
    expect(priceUsage('gemini-2.5-flash', usage)).toBeCloseTo(0.3 + 0.25);
  });

  it('bills reasoning tokens as output, and leaves a model it does not list unpriced', () => {
    expect(priceUsage('gemini-2.5-pro', { ...usage, outputTokens: 0, reasoningTokens: 100_000 })).toBeCloseTo(2.25);
    expect(priceUsage('gemini-1.0-ultra', usage)).toBeUndefined();
  });
});
