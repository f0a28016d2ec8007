import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutatedText } from './mutated-text.js';

describe('mutatedText', () => {
  it('damages the given texts: deletions, insertions of tokens, truncations', () => {
    const seen = fc.sample(mutatedText(['abcdefghij'], ['<TOKEN>']), { numRuns: 300, seed: 7 });
    expect(seen.some((t) => t.includes('<TOKEN>'))).toBe(true);
    expect(seen.some((t) => t.length < 10 && 'abcdefghij'.startsWith(t))).toBe(true);
    expect(seen.some((t) => t !== 'abcdefghij')).toBe(true);
  });
});
