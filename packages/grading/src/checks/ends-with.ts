import type { CheckEvaluator } from './check-evaluator.js';
import { quote } from './quote.js';
import { affixInputs } from './starts-with.js';

/** The final answer ends with `value`; honours `caseSensitive: false`, Skillet's `trimEnd: true` and AgentV's `trim: true`. */
export const endsWith: CheckEvaluator = (check, { session }) => {
  const { text, expected, fold } = affixInputs(check, session.finalMessage);
  const tail = quote(text, Math.max(0, text.length - expected.length), expected.length);
  return fold(text).endsWith(fold(expected))
    ? { passed: true, evidence: `final answer ends with ${quote(expected)}: ${tail}` }
    : { passed: false, evidence: `final answer does not end with ${quote(expected)}: ${tail}` };
};
