import { SkillEvalError } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringValue } from './check-value.js';
import { quote } from './quote.js';

/** The final answer matches the regular expression `value` (JavaScript syntax, optional `flags`). */
export const regex: CheckEvaluator = (check, { session }) => {
  const pattern = stringValue(check);
  const flags = check.flags === undefined ? '' : String(check.flags);
  let re: RegExp;
  try {
    re = new RegExp(pattern, flags.replaceAll('g', ''));
  } catch (error) {
    throw new SkillEvalError('BAD_INPUT', `invalid regex /${pattern}/${flags}: ${(error as Error).message}`, {
      hint: 'patterns use JavaScript regular expression syntax',
    });
  }
  const text = session.finalMessage;
  const match = re.exec(text);
  return match
    ? { passed: true, evidence: `/${pattern}/${flags} matched ${quote(text, match.index, match[0].length)}` }
    : { passed: false, evidence: `/${pattern}/${flags} did not match the final answer: ${quote(text)}` };
};
