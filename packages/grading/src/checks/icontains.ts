import type { CheckEvaluator } from './check-evaluator.js';
import { textValue } from './check-value.js';
import { findIn } from './contains.js';

/** The final answer contains `value`, ignoring case. */
export const icontains: CheckEvaluator = (check, { session }) => findIn(session.finalMessage, textValue(check), true);
