import type { CheckEvaluator } from './check-evaluator.js';
import { schemaTest } from './json-schema.js';
import { patternDeadline } from './pattern-deadline.js';
import { quote } from './quote.js';

/**
 * The whole final answer parses as JSON and, given a `schema`, matches it. The answer goes to `JSON.parse` as it is,
 * as both tools hand it over (promptfoo 0.123.1 `handleIsJson`, dist/src/index.js 4733-4740; AgentV 4.42.4
 * `runIsJsonAssertion`, @agentv/core dist/chunk-FRDEARJA.js 5163-5169): JSON's own whitespace around it is allowed,
 * a BOM or a no-break space is not.
 */
export const isJson: CheckEvaluator = async (check, context) => {
  const test = await schemaTest(check, patternDeadline(check, context));
  const text = context.session.finalMessage;
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
