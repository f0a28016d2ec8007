import { describe, expect, it } from 'vitest';
import { readCodexUsage, turnUsage } from './codex-usage.js';

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, reasoningTokens = 0) => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheWriteTokens: 0,
  reasoningTokens,
});

describe('readCodexUsage', () => {
  it('separates cached input and reasoning output, ignoring junk', () => {
    expect(
      readCodexUsage({
        input_tokens: 2500,
        cached_input_tokens: 1300,
        cache_write_input_tokens: 200,
        output_tokens: 80,
        reasoning_output_tokens: 15,
      }),
    ).toEqual({
      inputTokens: 1000,
      outputTokens: 65,
      cacheReadTokens: 1300,
      cacheWriteTokens: 200,
      reasoningTokens: 15,
    });
    expect(readCodexUsage({ input_tokens: 'x', output_tokens: -3 })).toEqual(usage(0, 0));
    expect(readCodexUsage(null)).toEqual(usage(0, 0));
  });
});

describe('turnUsage', () => {
  it('is the difference of two running totals', () => {
    expect(turnUsage(usage(1200, 65, 1300, 15), usage(600, 40, 400, 10))).toEqual(usage(600, 25, 900, 5));
  });

  it('takes a total that went down as the turn’s own figures', () => {
    expect(turnUsage(usage(100, 5), usage(600, 40))).toEqual(usage(100, 5));
  });
});
