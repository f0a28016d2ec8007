import type { CheckEvaluator } from './check-evaluator.js';
import { textListValue } from './check-value.js';
import { findAll } from './contains-all.js';

/** The final answer contains every string of `value`, ignoring case. */
export const icontainsAll: CheckEvaluator = (check, { session }) =>
  findAll(session.finalMessage, textListValue(check), true);
