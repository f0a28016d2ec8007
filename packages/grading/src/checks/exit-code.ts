import type { CheckEvaluator } from './check-evaluator.js';
import { numberParam } from './check-value.js';

/** The agent process exited with `value`. An engine without a process (exitCode null) fails it. */
export const exitCode: CheckEvaluator = (check, { session }) => {
  const expected = numberParam(check, 'value');
  const actual = session.exitCode;
  return {
    passed: actual === expected,
    evidence: actual === null ? 'the engine reported no exit code' : `exit code ${actual} (expected ${expected})`,
  };
};
