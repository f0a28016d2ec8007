import type { CheckEvaluator } from './check-evaluator.js';
import { textListValue } from './check-value.js';
import { quote } from './quote.js';

/** The final answer contains every string of `value`; `caseSensitive: false` folds case. */
export const containsAll: CheckEvaluator = (check, { session }) =>
  findAll(session.finalMessage, textListValue(check), check.caseSensitive === false);

/** Shared by `contains-all` and `icontains-all`. */
export function findAll(text: string, needles: string[], ignoreCase: boolean) {
  const haystack = ignoreCase ? text.toLowerCase() : text;
  const missing = needles.filter((needle) => !haystack.includes(ignoreCase ? needle.toLowerCase() : needle));
  return missing.length === 0
    ? { passed: true, evidence: `found all of ${JSON.stringify(needles)} in the final answer: ${quote(text)}` }
    : { passed: false, evidence: `missing ${JSON.stringify(missing)} in the final answer: ${quote(text)}` };
}
