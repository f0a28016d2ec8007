import type { CheckEvaluator } from './check-evaluator.js';
import { schemaTest } from './json-schema.js';
import { quote } from './quote.js';

/** The whole final answer (trimmed) parses as JSON and, given a `schema`, matches it. */
export const isJson: CheckEvaluator = (check, { session }) => {
  const test = schemaTest(check);
  const text = session.finalMessage.trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { passed: false, evidence: `final answer is not JSON (${(error as Error).message}): ${quote(text)}` };
  }
  const verdict = test?.(parsed) ?? { ok: true };
  return verdict.ok
    ? { passed: true, evidence: `final answer is JSON${test ? ' matching the schema' : ''}: ${quote(text)}` }
    : { passed: false, evidence: `final answer is JSON but not the schema: ${verdict.problem}: ${quote(text)}` };
};
