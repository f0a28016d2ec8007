import type { CheckEvaluator } from './check-evaluator.js';
import { textListValue } from './check-value.js';
import { findAny } from './contains-any.js';

/** The final answer contains at least one string of `value`, ignoring case. */
export const icontainsAny: CheckEvaluator = (check, { session }) =>
  findAny(session.finalMessage, textListValue(check), true);
