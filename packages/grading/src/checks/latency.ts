import type { CheckEvaluator } from './check-evaluator.js';
import { numberParam } from './check-value.js';

/** The execution took at most `max` milliseconds. */
export const latency: CheckEvaluator = (check, { session }) => {
  const max = numberParam(check, 'max');
  const took = session.durationMs;
  return { passed: took <= max, evidence: `took ${took} ms (max ${max} ms)` };
};
