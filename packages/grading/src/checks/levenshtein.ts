import { distance } from 'fastest-levenshtein';
import type { CheckEvaluator } from './check-evaluator.js';
import { optionalNumber } from './check-limits.js';
import { stringValue } from './check-value.js';
import { quote } from './quote.js';

/** promptfoo `levenshtein`: the final answer is within `threshold` edits (default 5) of `value`. */
export const levenshtein: CheckEvaluator = (check, { session }) => {
  const expected = stringValue(check);
  const threshold = optionalNumber(check, 'threshold', 5);
  const text = session.finalMessage;
  // Every edit changes the length by at most one: lengths further apart than the threshold fail without the
  // quadratic count (seconds for a long answer against a paragraph).
  const apart = Math.abs(text.length - expected.length);
  if (apart > threshold) {
    return {
      passed: false,
      evidence: `edit distance at least ${apart} (max ${threshold}): the final answer ${quote(text)} and ${quote(expected)} differ in length by ${apart} characters`,
    };
  }
  const edits = distance(text, expected);
  return {
    passed: edits <= threshold,
    evidence: `edit distance ${edits} (max ${threshold}) between the final answer ${quote(text)} and ${quote(expected)}`,
  };
};
