import { boundedExec } from './bounded-regex.js';
import type { CheckEvaluator } from './check-evaluator.js';
import { compileRegex } from './compile-regex.js';
import { quote } from './quote.js';

/** The final answer matches the regular expression `value` (JavaScript syntax, optional `flags`). */
export const regex: CheckEvaluator = (check, { session }) => {
  const { re, pattern, flags } = compileRegex(check);
  const text = session.finalMessage;
  const match = boundedExec(re, text);
  return match
    ? { passed: true, evidence: `/${pattern}/${flags} matched ${quote(text, match.index, match[0].length)}` }
    : { passed: false, evidence: `/${pattern}/${flags} did not match the final answer: ${quote(text)}` };
};
