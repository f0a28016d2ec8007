import { boundedSearch } from './bounded-regex.js';
import type { CheckEvaluator } from './check-evaluator.js';
import { compileRegex } from './compile-regex.js';
import { patternDeadline } from './pattern-deadline.js';
import { quote } from './quote.js';

/** The final answer matches the regular expression `value` (JavaScript syntax, optional `flags`). */
export const regex: CheckEvaluator = async (check, context) => {
  const { re, pattern, flags } = compileRegex(check);
  const text = context.session.finalMessage;
  const match = await boundedSearch(re, text, patternDeadline(check, context));
  return match
    ? { passed: true, evidence: `/${pattern}/${flags} matched ${quote(text, match.index, match.length)}` }
    : { passed: false, evidence: `/${pattern}/${flags} did not match the final answer: ${quote(text)}` };
};
