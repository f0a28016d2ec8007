import type { Check } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { textValue } from './check-value.js';
import { quote } from './quote.js';

/** The final answer starts with `value`; honours `caseSensitive: false`, Skillet's `trimEnd: true` and AgentV's `trim: true`. */
export const startsWith: CheckEvaluator = (check, { session }) => {
  const { text, expected, fold } = affixInputs(check, session.finalMessage);
  return fold(text).startsWith(fold(expected))
    ? { passed: true, evidence: `final answer starts with ${quote(expected)}: ${quote(text)}` }
    : { passed: false, evidence: `final answer does not start with ${quote(expected)}: ${quote(text)}` };
};

/**
 * Shared by `starts-with` and `ends-with`: the answer (right-stripped on `trimEnd`; with `trim`, the answer
 * and the affix both stripped, as AgentV compares them), the affix, and case folding.
 */
export function affixInputs(check: Check, answer: string) {
  const ignoreCase = check.caseSensitive === false;
  const trim = check.trim === true;
  return {
    text: trim ? answer.trim() : check.trimEnd === true ? answer.trimEnd() : answer,
    expected: trim ? textValue(check).trim() : textValue(check),
    fold: (s: string) => (ignoreCase ? s.toLowerCase() : s),
  };
}
