import type { CheckEvaluator } from './check-evaluator.js';
import { type CallShape, describeShape, parseFunctionCalls } from './function-calls.js';
import { declaredFunctions } from './function-schemas.js';
import { patternDeadline } from './pattern-deadline.js';
import { quote } from './quote.js';

/**
 * promptfoo `is-valid-function-call`, `is-valid-openai-function-call`, `is-valid-openai-tools-call`: the final
 * answer is a function/tool call of that shape and, when the check lists `functions` or `tools`, each call names
 * one of them with arguments matching its JSON Schema.
 */
export function validFunctionCall(shape: CallShape): CheckEvaluator {
  return async (check, context) => {
    const declared = await declaredFunctions(check, patternDeadline(check, context));
    const text = context.session.finalMessage;
    const parsed = parseFunctionCalls(text, shape);
    if ('problem' in parsed) {
      return {
        passed: false,
        evidence: `the final answer is not ${describeShape(shape)}: ${parsed.problem}: ${quote(text)}`,
      };
    }
    const names = parsed.calls.map((c) => c.name).join(', ');
    for (const call of parsed.calls) {
      if (!declared) continue;
      if (!declared.has(call.name)) {
        const known = [...declared.keys()].join(', ') || 'none';
        return {
          passed: false,
          evidence: `called "${call.name}", but no declared function has that name (declared: ${known})`,
        };
      }
      const verdict = (await declared.get(call.name)?.(call.args)) ?? { ok: true };
      if (!verdict.ok) {
        return {
          passed: false,
          evidence: `the arguments of "${call.name}" do not match its schema: ${verdict.problem}: ${JSON.stringify(call.args)}`,
        };
      }
    }
    const against = declared ? ', arguments matching the declared schemas' : '';
    return { passed: true, evidence: `the final answer calls ${names}${against}` };
  };
}

export const isValidFunctionCall = validFunctionCall('any');
export const isValidOpenAiFunctionCall = validFunctionCall('openai-function');
export const isValidOpenAiToolsCall = validFunctionCall('openai-tools');
