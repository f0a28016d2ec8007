import type { CheckEvaluator } from './check-evaluator.js';
import { stringValue } from './check-value.js';
import { quote } from './quote.js';

/** The final answer equals `value`; surrounding whitespace is ignored because agents end answers with newlines. */
export const equals: CheckEvaluator = (check, { session }) => {
  const expected = stringValue(check).trim();
  const actual = session.finalMessage.trim();
  return actual === expected
    ? { passed: true, evidence: `final answer equals ${quote(expected)}` }
    : { passed: false, evidence: `final answer ${quote(actual)} is not ${quote(expected)}` };
};
