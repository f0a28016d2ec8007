import type { CheckEvaluator } from './check-evaluator.js';
import { schemaTest } from './json-schema.js';
import { patternDeadline } from './pattern-deadline.js';
import { quote } from './quote.js';

/** The whole final answer (trimmed) parses as JSON and, given a `schema`, matches it. */
export const isJson: CheckEvaluator = async (check, context) => {
  const test = schemaTest(check, patternDeadline(check, context));
  const text = context.session.finalMessage.trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { passed: false, evidence: `final answer is not JSON (${(error as Error).message}): ${quote(text)}` };
  }
  const verdict = (await test?.(parsed)) ?? { ok: true };
  return verdict.ok
    ? { passed: true, evidence: `final answer is JSON${test ? ' matching the schema' : ''}: ${quote(text)}` }
    : { passed: false, evidence: `final answer is JSON but not the schema: ${verdict.problem}: ${quote(text)}` };
};
