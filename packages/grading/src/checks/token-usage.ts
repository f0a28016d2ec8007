import { totalTokens } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { numberParam } from './check-value.js';

/** The execution used at most `max` tokens in total (input, output and cache). */
export const tokenUsage: CheckEvaluator = (check, { session }) => {
  const max = numberParam(check, 'max');
  const used = totalTokens(session.usage);
  return { passed: used <= max, evidence: `used ${used} tokens (max ${max})` };
};
