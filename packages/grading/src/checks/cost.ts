import { SkillEvalError } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { numberParam } from './check-value.js';

/**
 * The execution cost at most `max` USD. Without a reported cost the check cannot be decided: an error, as promptfoo's
 * `handleCost` throws; with `failUnreported` (what an AgentV file means) it fails, as AgentV's cost grader does ("No
 * cost data available in trace", agentv 4.42.4 dist/chunk-ZPFM52HV.js:21386).
 */
export const cost: CheckEvaluator = (check, { session }) => {
  const max = numberParam(check, 'max');
  const spent = session.costUsd;
  if (spent === undefined && check.failUnreported === true) {
    return { passed: false, evidence: `the engine reported no cost (max $${max})` };
  }
  if (spent === undefined) {
    throw new SkillEvalError('BAD_INPUT', 'the engine reported no cost', {
      hint: 'use an engine that reports cost, give the model a price, or check token-usage instead',
    });
  }
  return { passed: spent <= max, evidence: `cost $${spent.toFixed(4)} (max $${max})` };
};
