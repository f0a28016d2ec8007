import { isDeepStrictEqual } from 'node:util';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringValue } from './check-value.js';
import { quote } from './quote.js';

/**
 * The final answer equals `value`, exactly as promptfoo compares: a string (or number) character for character;
 * an object, list or null as JSON, deeply, against the answer parsed. `trim: true` (AgentV) trims both sides.
 */
export const equals: CheckEvaluator = (check, { session }) => {
  const { value } = check;
  if (typeof value === 'object') return equalsJson(value, session.finalMessage);
  const trim = check.trim === true;
  const expected = trim ? stringValue(check).trim() : stringValue(check);
  const actual = trim ? session.finalMessage.trim() : session.finalMessage;
  return actual === expected
    ? { passed: true, evidence: `final answer equals ${quote(expected)}` }
    : { passed: false, evidence: `final answer ${quote(actual)} is not ${quote(expected)}` };
};

function equalsJson(expected: unknown, answer: string) {
  const shown = JSON.stringify(expected);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return { passed: false, evidence: `final answer is not JSON, so not ${quote(shown)}: ${quote(answer)}` };
  }
  return isDeepStrictEqual(parsed, expected)
    ? { passed: true, evidence: `final answer is the JSON ${quote(shown)}` }
    : { passed: false, evidence: `final answer ${quote(answer)} is not the JSON ${quote(shown)}` };
}
