import { isDeepStrictEqual } from 'node:util';
import { type Check, SkillEvalError, type ToolCall } from '@skill-eval/core';
import { sameTool } from './same-tool.js';
import { partialMatch } from './tool-called.js';

/** How the calls are compared with the expected list. */
export type TrajectoryMode = 'in-order' | 'any-order' | 'exact' | 'subset' | 'superset';

/** One expected tool call. */
export interface ExpectedCall {
  /** Tool name; MCP tools as `server::tool`. */
  tool: string;
  /** Arguments the call must hold, when given. */
  args?: Record<string, unknown>;
  /** `args_match: exact`: the input must equal `args`, not merely hold it. */
  exactArgs: boolean;
  /**
   * `args_match: superset` (AgentV 4's): the input must hold each key of `args`, its value equal as a whole
   * (`argsMatch`, @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:4600-4605).
   */
  wholeKeys?: boolean;
}

/** A `tool-trajectory` check, read. */
export interface TrajectoryExpectation {
  mode: TrajectoryMode;
  /** The expected calls, in order. */
  steps: ExpectedCall[];
  /** Least number of calls per tool name (AgentV `minimums`). */
  minimums: [tool: string, least: number][];
}

const MODES = new Set<string>(['in-order', 'any-order', 'exact', 'subset', 'superset']);

/**
 * Reads the expected calls from `expected` (AgentV's `{tool, args, args_match}` objects), else `tools`,
 * else `value`; entries are names or objects. Malformed parameters throw BAD_INPUT.
 */
export function readTrajectory(check: Check): TrajectoryExpectation {
  const raw = Array.isArray(check.expected) ? check.expected : (check.tools ?? check.value);
  const list = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list)) throw bad(check, 'needs a list of tool names or {tool, args} entries under tools');
  const mode = readMode(check);
  const steps = list.map((item, i) => readStep(check, item, i));
  const minimums = readMinimums(check);
  // An AgentV file's trajectory that lists nothing for its mode passes there (tool-trajectory.ts `agentvTrajectory`).
  if (check.agentv !== true && steps.length === 0 && minimums.length === 0 && mode !== 'exact' && mode !== 'subset') {
    throw bad(check, 'lists no expected tools and no minimums, so there is nothing to check');
  }
  return { mode, steps, minimums };
}

/** The call is the expected one: same tool, and its input holds (or, exactly, equals) the expected args. */
export function callMatches(call: ToolCall, step: ExpectedCall): boolean {
  if (!sameTool(call.name, step.tool)) return false;
  if (step.args === undefined) return true;
  if (step.wholeKeys) {
    const input = call.input;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
    const args = step.args;
    return Object.keys(args).every(
      (k) => Object.hasOwn(input, k) && isDeepStrictEqual(input[k as keyof typeof input], args[k]),
    );
  }
  return step.exactArgs ? isDeepStrictEqual(call.input, step.args) : partialMatch(call.input, step.args);
}

/** `"Write"`, or `"Write" with {"path":"a"}`, for evidence. */
export function describeStep(step: ExpectedCall): string {
  const name = JSON.stringify(step.tool);
  if (step.args === undefined) return name;
  return `${name} with ${step.exactArgs ? 'exactly ' : step.wholeKeys ? 'each of ' : ''}${JSON.stringify(step.args)}`;
}

function readMode(check: Check): TrajectoryMode {
  if (check.mode === undefined) return 'in-order';
  const mode = typeof check.mode === 'string' ? check.mode.trim().toLowerCase().replaceAll('_', '-') : '';
  if (MODES.has(mode)) return mode as TrajectoryMode;
  throw bad(check, `has mode ${JSON.stringify(check.mode)}`, `use one of ${[...MODES].join(', ')}`);
}

function readStep(check: Check, item: unknown, i: number): ExpectedCall {
  if (typeof item === 'string' && item !== '') return { tool: item, exactArgs: false };
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw bad(check, `has expected entry ${i + 1} that is neither a tool name nor a {tool, args} map`);
  }
  const entry = item as Record<string, unknown>;
  const tool = entry.tool ?? entry.name;
  if (typeof tool !== 'string' || tool === '') throw bad(check, `has expected entry ${i + 1} without a tool name`);
  if (entry.max_duration_ms !== undefined) {
    throw bad(
      check,
      `sets max_duration_ms on "${tool}", which cannot be checked: the session records no per-call timing`,
      'remove max_duration_ms, or bound the whole run with latency or execution-metrics max_duration_ms',
    );
  }
  const { args, args_match: argsMatch } = entry;
  if (argsMatch !== undefined && argsMatch !== 'exact' && argsMatch !== 'partial' && argsMatch !== 'superset') {
    throw bad(
      check,
      `has args_match ${JSON.stringify(argsMatch)} on "${tool}"`,
      'use args_match: exact, partial or superset',
    );
  }
  if (args === undefined || args === 'any') return { tool, exactArgs: false };
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw bad(check, `has args on "${tool}" that are not an object`);
  }
  return {
    tool,
    args: args as Record<string, unknown>,
    exactArgs: argsMatch === 'exact',
    ...(argsMatch === 'superset' ? { wholeKeys: true } : {}),
  };
}

function readMinimums(check: Check): [string, number][] {
  const { minimums } = check;
  if (minimums === undefined) return [];
  if (typeof minimums !== 'object' || minimums === null || Array.isArray(minimums)) {
    throw bad(check, 'has minimums that are not a map of tool name to count');
  }
  return Object.entries(minimums).map(([tool, least]) => {
    if (typeof least === 'number' && Number.isInteger(least) && least >= 0) return [tool, least];
    throw bad(check, `has minimum ${JSON.stringify(least)} for "${tool}"; write a whole number`);
  });
}

function bad(
  check: Check,
  problem: string,
  hint = 'write { type: tool-trajectory, tools: [Read, Edit], mode: in-order }',
) {
  return new SkillEvalError('BAD_INPUT', `check "${check.type}" ${problem}`, { hint });
}
