import type { CheckEvaluator } from './check-evaluator.js';
import { textValue } from './check-value.js';
import { quote } from './quote.js';

/** The final answer contains `value`; case-sensitive unless the check says `caseSensitive: false` (Skillet's folding). */
export const contains: CheckEvaluator = (check, { session }) =>
  findIn(session.finalMessage, textValue(check), check.caseSensitive === false);

/** Shared by `contains` and `icontains`. */
export function findIn(text: string, needle: string, ignoreCase: boolean) {
  const at = ignoreCase ? text.toLowerCase().indexOf(needle.toLowerCase()) : text.indexOf(needle);
  return at >= 0
    ? {
        passed: true,
        evidence: `found ${JSON.stringify(needle)} in the final answer: ${quote(text, at, needle.length)}`,
      }
    : { passed: false, evidence: `${JSON.stringify(needle)} not in the final answer: ${quote(text)}` };
}
