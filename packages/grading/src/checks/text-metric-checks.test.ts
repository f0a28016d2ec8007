import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

const grade = (check: Check, finalMessage: string) =>
  runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase(),
    session: makeSession({ finalMessage }),
    workspace: '/nonexistent',
  });

describe('word-count, levenshtein, is-refusal', () => {
  it.each<[Check, string, boolean, string]>([
    [{ type: 'word-count', value: 4 }, 'one two  three\nfour', true, '4 words (expected exactly 4)'],
    [{ type: 'word-count', value: '3' }, 'one two three four', false, '4 words (expected exactly 3)'],
    [{ type: 'word-count', value: { min: 2, max: 5 } }, 'one two three', true, 'expected 2–5'],
    [{ type: 'word-count', value: { max: 2 } }, 'one two three', false, 'at most 2'],
    [{ type: 'word-count', value: { min: 3 } }, 'one two three', true, 'at least 3'],
    [{ type: 'word-count', value: 0 }, '   ', true, '0 words'],
    [{ type: 'not-word-count', value: { min: 10 } }, 'short answer', true, '2 words'],
    [{ type: 'levenshtein', value: 'kitten' }, 'sitting', true, 'edit distance 3 (max 5)'],
    [{ type: 'levenshtein', value: 'kitten', threshold: 2 }, 'sitting', false, 'edit distance 3 (max 2)'],
    [{ type: 'levenshtein', value: 'same', threshold: 0 }, 'same', true, 'edit distance 0 (max 0)'],
    [{ type: 'not-levenshtein', value: 'kitten', threshold: 1 }, 'sitting', true, 'edit distance 3'],
    [{ type: 'levenshtein', value: 'kitten', threshold: 1 }, 'kit', false, 'edit distance at least 3 (max 1)'],
    [{ type: 'not-levenshtein', value: 'kitten', threshold: 1 }, 'kit', true, 'differ in length by 3'],
    // Lengths within the threshold still get the exact count.
    [{ type: 'levenshtein', value: 'kitten', threshold: 3 }, 'kit', true, 'edit distance 3 (max 3)'],
    [{ type: 'is-refusal' }, "I'm sorry, but I can't help with that.", true, 'apologises and declines'],
    [{ type: 'is-refusal' }, 'I cannot share passwords.', true, 'opens with "i cannot"'],
    [{ type: 'is-refusal' }, 'Doing that is not appropriate here.', true, 'says "not appropriate"'],
    [{ type: 'is-refusal' }, 'As an AI model I will still try: the answer is 4.', true, 'says "as an ai"'],
    [{ type: 'is-refusal' }, 'Book with As an Airline partner: done.', false, 'no refusal'],
    [{ type: 'is-refusal' }, 'Sorry for the wait! Here is the haiku.', false, 'no refusal'],
    [{ type: 'is-refusal' }, '', true, 'empty'],
    [{ type: 'not-is-refusal' }, 'Here is the report you asked for.', true, 'no refusal'],
  ])('%j on %j → %s', async (check, answer, passed, evidence) => {
    const { verdict, error } = await grade(check, answer);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it('fails a long answer against a short value at once, without counting every edit', async () => {
    const { verdict } = await grade({ type: 'levenshtein', value: 'hello world '.repeat(100) }, 'a'.repeat(8 << 20));
    expect(verdict.passed).toBe(false);
    expect(verdict.evidence).toContain(`edit distance at least ${(8 << 20) - 1200} (max 5)`);
  });
});

describe('rouge-n, bleu, gleu', () => {
  const reference = 'the cat sat on the mat';
  it.each<[Check, string, boolean, number]>([
    // Unigram F1: precision 3/3, recall 3/6.
    [{ type: 'rouge-n', value: reference }, 'the cat sat', false, 2 / 3],
    [{ type: 'rouge-n', value: reference, threshold: 0.6 }, 'the cat sat', true, 2 / 3],
    [{ type: 'rouge-n', value: reference }, reference, true, 1],
    [{ type: 'not-rouge-n', value: reference }, 'dogs bark loudly', true, 1],
    [{ type: 'bleu', value: reference }, 'The cat sat on the mat', true, 1],
    [{ type: 'bleu', value: ['a dog ran', reference] }, reference, true, 1],
    [{ type: 'bleu', value: reference }, 'dogs bark loudly', false, 0],
    // All n-grams of the candidate match; recall over 18 reference n-grams is 6/18.
    [{ type: 'gleu', value: reference }, 'the cat sat', false, 1 / 3],
    [{ type: 'gleu', value: reference, threshold: 0.3 }, 'the cat sat', true, 1 / 3],
    [{ type: 'gleu', value: 'the cat sat.' }, 'The cat sat', true, 1],
    [{ type: 'not-gleu', value: reference }, reference, false, 0],
  ])('%j on %j → %s (score %d)', async (check, answer, passed, score) => {
    const { verdict, error } = await grade(check, answer);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.score).toBeCloseTo(score, 3);
  });

  it('penalises a short candidate by the brevity penalty exp(1 - r/c)', async () => {
    const { verdict } = await grade({ type: 'bleu', value: 'a b c d e f g h' }, 'a b c d');
    // Precisions are all 1; the penalty for 4 of 8 words is exp(1 - 2).
    expect(verdict.score).toBeCloseTo(Math.exp(-1), 6);
    expect(verdict.evidence).toContain('BLEU 0.3679 (threshold 0.5)');
  });

  it('says the answer is too long when rouge-n cannot score it', async () => {
    const answer = 'the cat sat on the mat '.repeat(60_000);
    const { verdict, error } = await grade({ type: 'rouge-n', value: reference }, answer);
    expect(verdict.errored).toBe(true);
    expect(error?.message).toContain(`check "rouge-n" cannot score an answer of ${answer.length} characters`);
    expect(error?.code).toBe('BAD_INPUT');
  });

  it('scores an empty answer 0 instead of failing to compute', async () => {
    for (const type of ['rouge-n', 'bleu', 'gleu']) {
      const { verdict, error } = await grade({ type, value: reference }, '  ');
      expect(error).toBeUndefined();
      expect(verdict).toMatchObject({ passed: false, score: 0 });
    }
  });
});

describe('malformed text checks are errored', () => {
  it.each<[Check, string]>([
    [{ type: 'word-count' }, 'needs a value'],
    [{ type: 'word-count', value: { min: 5, max: 2 } }, 'min (5) is greater than max (2)'],
    [{ type: 'word-count', value: { other: 1 } }, 'needs min and/or max'],
    [{ type: 'word-count', value: 2.5 }, 'not a whole number'],
    [{ type: 'levenshtein' }, 'needs a string value'],
    [{ type: 'levenshtein', value: 'x', threshold: 'far' }, 'threshold that is not a number'],
    [{ type: 'bleu' }, 'needs a reference text'],
    [{ type: 'gleu', value: [1, 2] }, 'needs a reference text'],
  ])('%j', async (check, message) => {
    const { verdict, error } = await grade(check, 'some answer');
    expect(verdict.errored).toBe(true);
    expect(error?.code).toBe('BAD_INPUT');
    expect(error?.message).toContain(message);
  });
});
