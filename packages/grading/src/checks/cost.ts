import { SkillEvalError } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { numberParam } from './check-value.js';

/** The execution cost at most `max` USD. Without a reported cost the check cannot be decided. */
export const cost: CheckEvaluator = (check, { session }) => {
  const max = numberParam(check, 'max');
  const spent = session.costUsd;
  if (spent === undefined) {
    throw new SkillEvalError('BAD_INPUT', 'the engine reported no cost', {
      hint: 'use an engine that reports cost, give the model a price, or check token-usage instead',
    });
  }
  return { passed: spent <= max, evidence: `cost $${spent.toFixed(4)} (max $${max})` };
};
