import { describe, expect, it } from 'vitest';
import { formatCost, formatDuration, formatPercent, formatTokens, truncate, truncateStart } from './format.js';

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [450, '450ms'],
    [999.4, '999ms'],
    [1000, '1.0s'],
    [1234, '1.2s'],
    [59_940, '59.9s'],
    [59_960, '1m00s'],
    [123_000, '2m03s'],
    [3_599_000, '59m59s'],
    [3_720_000, '1h02m'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%s ms → %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});

describe('formatTokens', () => {
  it.each([
    [0, '0'],
    [850, '850'],
    [999, '999'],
    [1000, '1k'],
    [12_345, '12.3k'],
    [99_940, '99.9k'],
    [123_456, '123k'],
    [999_600, '1M'],
    [1_250_000, '1.3M'],
    [2_500_000_000, '2.5B'],
    [-5, '—'],
  ])('%s → %s', (count, expected) => {
    expect(formatTokens(count)).toBe(expected);
  });
});

describe('formatCost', () => {
  it.each([
    [undefined, '—'],
    [0, '$0'],
    [0.00001, '<$0.0001'],
    [0.0123, '$0.0123'],
    [0.12345, '$0.1235'],
    [1.5, '$1.50'],
    [42.129, '$42.13'],
  ])('%s → %s', (usd, expected) => {
    expect(formatCost(usd)).toBe(expected);
  });
});

describe('text helpers', () => {
  it.each([
    [0.5, '50%'],
    [2 / 3, '67%'],
    [1, '100%'],
  ])('formatPercent(%s) → %s', (ratio, expected) => {
    expect(formatPercent(ratio)).toBe(expected);
  });

  it.each([
    ['short', 10, 'short'],
    ['a  multi\nline   text', 40, 'a multi line text'],
    ['abcdefghij', 5, 'abcd…'],
  ])('truncate(%j, %s) → %j', (text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
  });

  it('truncateStart keeps the tail of a path', () => {
    expect(truncateStart('skills/pdf/evals/evals.json', 12)).toBe('…/evals.json');
  });
});
