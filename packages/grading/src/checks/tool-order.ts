import { type Check, SkillEvalError, type ToolCall } from '@skill-eval/core';
import { boundedSearch } from './bounded-regex.js';
import type { CheckContext, CheckEvaluator } from './check-evaluator.js';
import { patternDeadline } from './pattern-deadline.js';
import { sameTool } from './same-tool.js';

/** A call to look for: the tool, and a pattern its input, as JSON text, must match. */
interface CallPattern {
  tool: string;
  inputMatches?: string;
}

/**
 * `tool-order`: the first call matching `before` comes before the first call matching `after`; it fails when either
 * was never called. Claude Code's `tool_order` grader (2.1.330 binary, `function Dm(e,{run:r})`: `Zl` finds each
 * pattern's first call with `nc` — the tool, and `new RegExp(input_match).test` on its input as JSON text — and the
 * grader passes when `o<g`). The patterns come from an eval file: they run bounded, as every check's pattern does.
 */
export const toolOrder: CheckEvaluator = async (check, context) => {
  const before = callPattern(check, 'before');
  const after = callPattern(check, 'after');
  const calls = context.session.toolCalls;
  const first = await firstCall(calls, before, check, context);
  if (first === -1) return { passed: false, evidence: `"before" tool ${before.tool} was never called` };
  const then = await firstCall(calls, after, check, context);
  if (then === -1) return { passed: false, evidence: `"after" tool ${after.tool} was never called` };
  const passed = first < then;
  return {
    passed,
    evidence: `${before.tool} (call ${first + 1}) ${passed ? 'precedes' : 'does not precede'} ${after.tool} (call ${then + 1})`,
  };
};

function callPattern(check: Check, key: 'before' | 'after'): CallPattern {
  const spec = check[key];
  if (typeof spec === 'string' && spec !== '') return { tool: spec };
  if (typeof spec === 'object' && spec !== null && typeof (spec as CallPattern).tool === 'string')
    return spec as CallPattern;
  throw new SkillEvalError('BAD_INPUT', `check "${check.type}" needs ${key}: a tool name, or { tool, inputMatches }`);
}

async function firstCall(calls: readonly ToolCall[], pattern: CallPattern, check: Check, context: CheckContext) {
  const re = pattern.inputMatches === undefined ? undefined : new RegExp(pattern.inputMatches);
  for (const [i, call] of calls.entries()) {
    if (!sameTool(call.name, pattern.tool)) continue;
    if (!re || (await boundedSearch(re, JSON.stringify(call.input) ?? '', patternDeadline(check, context))) !== null)
      return i;
  }
  return -1;
}
