import type { CheckEvaluator } from './check-evaluator.js';
import { textListValue } from './check-value.js';
import { quote } from './quote.js';

/** The final answer contains at least one string of `value`; `caseSensitive: false` folds case. */
export const containsAny: CheckEvaluator = (check, { session }) =>
  findAny(session.finalMessage, textListValue(check), check.caseSensitive === false);

/** Shared by `contains-any` and `icontains-any`. */
export function findAny(text: string, needles: string[], ignoreCase: boolean) {
  const haystack = ignoreCase ? text.toLowerCase() : text;
  for (const needle of needles) {
    const at = haystack.indexOf(ignoreCase ? needle.toLowerCase() : needle);
    if (at >= 0) {
      return {
        passed: true,
        evidence: `found ${JSON.stringify(needle)} in the final answer: ${quote(text, at, needle.length)}`,
      };
    }
  }
  return { passed: false, evidence: `none of ${JSON.stringify(needles)} in the final answer: ${quote(text)}` };
}
