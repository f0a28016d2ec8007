import { type Check, SkillEvalError, type ToolCall } from '@skill-eval/core';
import { boundedSearch } from './bounded-regex.js';
import type { CheckContext, CheckEvaluator } from './check-evaluator.js';
import { stringValue } from './check-value.js';
import { patternDeadline } from './pattern-deadline.js';
import { sameTool } from './same-tool.js';

/**
 * The agent called the tool named `value` (MCP tools as `server::tool`). With `args`, some call's
 * input must hold them: a partial match, objects key by key, scalars compared as text (skill-up).
 */
export const toolCalled: CheckEvaluator = (check, context) => {
  const { session } = context;
  const name = stringValue(check);
  const args = check.args;
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    throw new SkillEvalError('BAD_INPUT', `check "${check.type}" has args that are not an object`, {
      hint: 'write args as a map of argument name to expected value',
    });
  }
  const calls = session.toolCalls.filter((call) => sameTool(call.name, name));
  if (check.inputMatches !== undefined || check.min !== undefined || check.max !== undefined)
    return countCalls(check, name, calls, context);
  if (calls.length === 0) {
    return { passed: false, evidence: `"${name}" was not called; tools called: ${listTools(session.toolCalls)}` };
  }
  if (args === undefined) return { passed: true, evidence: `"${name}" was called ${times(calls.length)}` };
  const match = calls.find((call) => partialMatch(call.input, args));
  return match
    ? { passed: true, evidence: `"${name}" was called with ${JSON.stringify(match.input)}` }
    : {
        passed: false,
        evidence: `"${name}" was called ${times(calls.length)}, never with ${JSON.stringify(args)}: ${calls
          .map((call) => JSON.stringify(call.input))
          .join('; ')}`,
      };
};

/**
 * With `min`, `max` or `inputMatches`: how many calls of the tool hold `args` and have an input whose JSON text
 * `inputMatches` finds, between `min` (default 1) and `max` (default no limit). Claude Code's `tool_used` grader
 * counts so (2.1.330 binary, `function Lm(e,{run:r})`: the calls for which `nc` holds, `e.min??1` to
 * `e.max??Number.POSITIVE_INFINITY`; `nc` tests `new RegExp(r.input_match)` on the call's `inputText`, its input as
 * JSON). The pattern comes from an eval file: it runs bounded, as every check's pattern does.
 */
async function countCalls(check: Check, name: string, calls: ToolCall[], context: CheckContext) {
  const { args, inputMatches } = check;
  let matching = args === undefined ? calls : calls.filter((call) => partialMatch(call.input, args));
  if (typeof inputMatches === 'string') {
    const re = new RegExp(inputMatches);
    const deadline = patternDeadline(check, context);
    const found = await Promise.all(
      matching.map(async (call) => (await boundedSearch(re, JSON.stringify(call.input) ?? '', deadline)) !== null),
    );
    matching = matching.filter((_, i) => found[i]);
  }
  const min = typeof check.min === 'number' ? check.min : 1;
  const max = typeof check.max === 'number' ? check.max : Number.POSITIVE_INFINITY;
  const counted = matching.length;
  const which = [
    args === undefined ? '' : ` with ${JSON.stringify(args)}`,
    typeof inputMatches === 'string' ? ` with an input matching /${inputMatches}/` : '',
  ].join('');
  return {
    passed: counted >= min && counted <= max,
    evidence: `"${name}" was called ${counted === 0 ? '0 times' : times(counted)}${which} (expected ${min} to ${max === Number.POSITIVE_INFINITY ? 'any number' : max}); calls: ${calls.length === 0 ? 'none' : calls.map((call) => JSON.stringify(call.input)).join('; ')}`,
  };
}

/** `tool-not-called`: the inverse of `tool-called` (as `not-tool-called` is). */
export const toolNotCalled: CheckEvaluator = async (check, context) => {
  const outcome = await toolCalled(check, context);
  return { passed: !outcome.passed, evidence: outcome.evidence };
};

/** Every key of `expected` holds in `actual`; scalars compare as text, lists item by item. */
export function partialMatch(actual: unknown, expected: unknown): boolean {
  if (expected === null || expected === undefined) return actual === expected;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, i) => partialMatch(actual[i], item))
    );
  }
  if (typeof expected === 'object') {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) =>
      partialMatch((actual as Record<string, unknown>)[key], value),
    );
  }
  if (actual === null || actual === undefined || typeof actual === 'object') return false;
  return String(actual) === String(expected);
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

function listTools(calls: readonly ToolCall[]): string {
  const names = [...new Set(calls.map((call) => call.name))];
  return names.length ? names.join(', ') : 'none';
}
