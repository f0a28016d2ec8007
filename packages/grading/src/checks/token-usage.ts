import { SkillEvalError, totalTokens } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { numberOrUndefined } from './check-limits.js';

/**
 * The execution stayed within its token limits, as AgentV's `token-usage` checks them: `max` on the total (input,
 * output and cache), `maxInput`, `maxOutput`; every limit given must hold. An engine that reported no usage at
 * all fails the check (AgentV: "No token usage data available"), rather than passing it at zero.
 */
export const tokenUsage: CheckEvaluator = (check, { session }) => {
  const { usage } = session;
  const limits = [
    ['total', numberOrUndefined(check, 'max'), totalTokens(usage)],
    ['input', numberOrUndefined(check, 'maxInput'), usage.inputTokens],
    ['output', numberOrUndefined(check, 'maxOutput'), usage.outputTokens],
  ] as const;
  if (limits.every(([, max]) => max === undefined)) {
    throw new SkillEvalError('BAD_INPUT', 'check "token-usage" needs a number max (or maxInput, maxOutput)', {
      hint: 'write it as { type: token-usage, max: 20000 }',
    });
  }
  if (totalTokens(usage) === 0) return { passed: false, evidence: 'the engine reported no token usage' };
  const over = limits.filter(([, max, used]) => max !== undefined && used > max);
  const shown = limits
    .filter(([, max]) => max !== undefined)
    .map(([what, max, used]) => `${used} ${what === 'total' ? '' : `${what} `}tokens (max ${max})`)
    .join(', ');
  return { passed: over.length === 0, evidence: `used ${shown}` };
};
