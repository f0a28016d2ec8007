import { priceUsage } from '@skill-eval/engine-kit';
import { describe, expect, it } from 'vitest';
import { openaiUsage } from './openai-sdk.js';

describe('openaiUsage', () => {
  it('takes cached tokens out of the input and reasoning out of the output, so each token is priced once', () => {
    const usage = openaiUsage(1000, 400, 300, 200);
    expect(usage).toEqual({
      inputTokens: 600,
      cacheReadTokens: 400,
      cacheWriteTokens: 0,
      outputTokens: 100,
      reasoningTokens: 200,
    });
    // gpt-5.5: $1.25 in, $0.125 cached, $10 out (reasoning billed as output) per million.
    expect(priceUsage('gpt-5.5', usage)).toBeCloseTo((600 * 1.25 + 400 * 0.125 + 300 * 10) / 1e6, 12);
  });

  it('treats missing counts as zero and never goes negative', () => {
    expect(openaiUsage()).toMatchObject({ inputTokens: 0, outputTokens: 0 });
    expect(openaiUsage(5, 9, 1, 3)).toMatchObject({ inputTokens: 0, outputTokens: 0 });
  });
});
