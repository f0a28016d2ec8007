import type { Check } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringValue } from './check-value.js';
import { quote } from './quote.js';

/** The final answer starts with `value`; honours `caseSensitive: false` and Skillet's `trimEnd: true`. */
export const startsWith: CheckEvaluator = (check, { session }) => {
  const { text, expected, fold } = affixInputs(check, session.finalMessage);
  return fold(text).startsWith(fold(expected))
    ? { passed: true, evidence: `final answer starts with ${quote(expected)}: ${quote(text)}` }
    : { passed: false, evidence: `final answer does not start with ${quote(expected)}: ${quote(text)}` };
};

/** Shared by `starts-with` and `ends-with`: the answer (right-stripped on `trimEnd`), the affix, and case folding. */
export function affixInputs(check: Check, answer: string) {
  const ignoreCase = check.caseSensitive === false;
  return {
    text: check.trimEnd === true ? answer.trimEnd() : answer,
    expected: stringValue(check),
    fold: (s: string) => (ignoreCase ? s.toLowerCase() : s),
  };
}
