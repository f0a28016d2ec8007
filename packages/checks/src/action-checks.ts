import type { Check } from '@skill-eval/core';
import { type CheckSpec, defineCheck, type RuleProblem } from './check-spec.js';
import { atLeastZero, describeValue, isRecord, map, names, nonBlank, oneOf, passMark, wants } from './param-types.js';

const PROMPTFOO = ['skill-eval', 'promptfoo'] as const;
const AGENTV = ['skill-eval', 'agentv'] as const;

const wholeAtLeastZero = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A skill-used value: a name, a list of names (all of them), or AgentV's `{ name, min, max }` count. */
const skillValue = wants<unknown>(
  "the skill's name, a list of names (every one must fire), or { name, min, max } (AgentV)",
  (v) =>
    (typeof v === 'string' && v.trim() !== '') ||
    (Array.isArray(v) && v.length > 0) ||
    (isRecord(v) && (typeof v.name === 'string' || typeof v.pattern === 'string')),
);

/** Each entry of a skill list is a name: AgentV takes a list of names only. */
function skillListRule(check: Check): RuleProblem[] {
  if (!Array.isArray(check.value)) return [];
  return check.value.flatMap((entry, i) =>
    typeof entry === 'string' && entry.trim() !== ''
      ? []
      : [
          {
            path: ['value', i],
            message: `skill ${i + 1} of the list is ${describeValue(entry)}; a skill-used list takes names only (write a { name, min, max } count as a skill-used of its own)`,
          },
        ],
  );
}

/**
 * AgentV counts a skill's calls; skill-eval sees only whether it fired, so it grades "at least once" (min 1, the
 * default) and "never" (max 0, or not-skill-used) and refuses other counts and name patterns.
 */
function skillCountRule(check: Check): RuleProblem[] {
  const spec = check.value;
  if (!isRecord(spec)) return skillListRule(check);
  if (spec.pattern !== undefined) {
    return [
      {
        path: ['value', 'pattern'],
        message: `a skill-used pattern (${JSON.stringify(spec.pattern)}) cannot be graded: skill-eval matches skills by their exact name; write the skill's name in "name" instead`,
      },
    ];
  }
  for (const key of ['min', 'max'] as const) {
    if (spec[key] !== undefined && !wholeAtLeastZero(spec[key])) {
      return [{ path: ['value', key], message: `"value.${key}" is ${String(spec[key])}; write a whole number ≥ 0` }];
    }
  }
  const least = (spec.min as number | undefined) ?? (spec.max === undefined ? 1 : 0);
  const most = spec.max as number | undefined;
  const never = most === 0;
  const once = least === 1 && most === undefined;
  const countable = check.negate === true ? spec.min === undefined && (most === undefined || never) : never || once;
  if (countable) return [];
  const counts = [spec.min === undefined ? '' : `min: ${spec.min}`, most === undefined ? '' : `max: ${most}`]
    .filter(Boolean)
    .join(', ');
  const name = String(spec.name);
  return [
    {
      path: ['value', spec.min !== undefined ? 'min' : 'max'],
      message: `skill-eval grades whether skill "${name}" fired, not how many times, so {${counts}} cannot be graded; write {name: ${name}} for at least once, or {name: ${name}, max: 0} (or not-skill-used) for never`,
    },
  ];
}

const trajectoryMode = oneOf(
  ['in-order', 'any-order', 'exact', 'subset', 'superset', 'in_order', 'any_order'],
  'in-order (the default), any-order, exact, subset or superset',
);

const expectedCalls = wants<unknown>(
  'a list of tool names or { tool, args, args_match: exact|partial|superset } entries',
  (v) =>
    typeof v === 'string' ||
    (Array.isArray(v) &&
      v.every(
        (e) =>
          (typeof e === 'string' && e !== '') ||
          (isRecord(e) && typeof (e.tool ?? e.name) === 'string' && (e.tool ?? e.name) !== ''),
      )),
);

function trajectoryRule(check: Check, agentv: boolean): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const list = Array.isArray(check.expected) ? check.expected : Array.isArray(check.tools) ? check.tools : [];
  const key = Array.isArray(check.expected) ? 'expected' : 'tools';
  list.forEach((entry, i) => {
    if (!isRecord(entry)) return;
    if (entry.max_duration_ms !== undefined) {
      problems.push({
        path: [key, i, 'max_duration_ms'],
        message:
          'max_duration_ms cannot be checked: the session records no per-call timing; remove it, or bound the whole run with latency or execution-metrics max_duration_ms',
      });
    }
    const match = entry.args_match;
    if (match !== undefined && match !== 'exact' && match !== 'partial' && match !== 'superset') {
      problems.push({
        path: [key, i, 'args_match'],
        message: `args_match is ${JSON.stringify(match)}; write exact, partial or superset`,
      });
    }
  });
  const steps = list.length + (typeof check.value === 'string' || Array.isArray(check.value) ? 1 : 0);
  const mode = typeof check.mode === 'string' ? check.mode.replaceAll('_', '-') : 'in-order';
  // AgentV passes a trajectory that lists nothing for its mode (`ToolTrajectoryGrader`, @agentv/core 4.42.4
  // dist/chunk-FRDEARJA.js:4727, 4762, 4848, 4935): in its vocabulary that is a check, not a mistake.
  if (!agentv && steps === 0 && check.minimums === undefined && mode !== 'exact' && mode !== 'subset') {
    problems.push({
      path: [],
      message:
        'tool-trajectory lists no expected tools and no minimums, so there is nothing to check; write tools: [Read, Edit]',
    });
  }
  return problems;
}

function stepCountRule(check: Check): RuleProblem[] {
  const spec = isRecord(check.value) ? check.value : {};
  const at = (key: string): [unknown, (string | number)[]] =>
    check[key] !== undefined ? [check[key], [key]] : [spec[key], ['value', key]];
  const [pattern, patternAt] = at('pattern');
  if (pattern !== undefined) {
    return [
      {
        path: patternAt,
        message:
          'trajectory:step-count filters steps by pattern, which skill-eval does not count; use tool-trajectory minimums',
      },
    ];
  }
  const [min, minAt] = at('min');
  const [max] = at('max');
  if (min === undefined && max === undefined)
    return [{ path: [], message: 'trajectory:step-count needs a min or a max' }];
  return typeof min === 'number' && typeof max === 'number' && min > max
    ? [{ path: minAt, message: `min (${min}) is greater than max (${max}); swap them` }]
    : [];
}

const stepCount = defineCheck({
  summary: 'the number of tool calls (or, with count: turns, agent turns) lies within min and max',
  params: {
    min: atLeastZero('the fewest steps'),
    max: atLeastZero('the most steps'),
    count: oneOf(['tool-calls', 'tool_calls', 'tools', 'tool', 'turns'], 'tool-calls (the default) or turns'),
    value: map('promptfoo writes { min, max, type } here'),
  },
  rules: stepCountRule,
  origins: PROMPTFOO,
});

const METRICS = [
  'max_tool_calls',
  'max_llm_calls',
  'max_tokens',
  'max_cost_usd',
  'max_duration_ms',
  'target_exploration_ratio',
] as const;
/** AgentV reads each bound in camelCase too (AgentV 5: grader-parser.ts:1350-1370 at 58f316ca2). */
export const METRIC_SPELLINGS: Readonly<Record<string, keyof typeof metricParams>> = {
  maxToolCalls: 'max_tool_calls',
  maxLlmCalls: 'max_llm_calls',
  maxTokens: 'max_tokens',
  maxCostUsd: 'max_cost_usd',
  maxDurationMs: 'max_duration_ms',
  targetExplorationRatio: 'target_exploration_ratio',
  explorationTolerance: 'exploration_tolerance',
};

const metric = (what: string) => atLeastZero(`a number ≥ 0: the most ${what}`);
const metricParams = {
  max_tool_calls: metric('tool calls'),
  max_llm_calls: metric('agent turns'),
  max_tokens: metric('tokens (input, output and cache)'),
  max_cost_usd: metric('dollars'),
  max_duration_ms: metric('milliseconds'),
  // AgentV 5's exploration bound (graders/execution-metrics.ts:157-178 at 58f316ca2).
  target_exploration_ratio: wants<number>(
    'a number from 0 to 1: the share of tool calls that explore (Read, Grep, Glob, WebSearch, WebFetch…) to aim at',
    (v) => typeof v === 'number' && v >= 0 && v <= 1,
  ),
  exploration_tolerance: atLeastZero(
    'a number ≥ 0: how far the share may be from target_exploration_ratio (default 0.2)',
  ),
};

const toolCalled = (summary: string) =>
  defineCheck({
    summary,
    params: {
      value: nonBlank('the tool name (MCP tools as server::tool)'),
      args: map('arguments some call must hold (a partial match, compared as text)'),
      argsMode: oneOf(['exact', 'partial'], 'partial (the default) or exact'),
      inputMatches: wants<string>(
        "a regular expression a call's input, as JSON text, must match to count (Claude Code's input_match)",
        (v) => typeof v === 'string' && v !== '',
      ),
      min: wants<number>('the fewest matching calls (a whole number, default 1)', wholeAtLeastZero),
      max: wants<number>('the most matching calls (a whole number, default no limit)', wholeAtLeastZero),
    },
    needs: ['value'],
    rules: inputPatternRule,
    origins: PROMPTFOO,
  });

/** An `inputMatches` that is not a JavaScript regular expression is an error where the check is written. */
function inputPatternRule(check: Check): RuleProblem[] {
  if (typeof check.inputMatches !== 'string') return [];
  try {
    new RegExp(check.inputMatches);
    return [];
  } catch (error) {
    return [
      {
        path: ['inputMatches'],
        message: `invalid regex /${check.inputMatches}/: ${(error as Error).message}; write a JavaScript regular expression`,
      },
    ];
  }
}

/** A tool call to look for: a tool name, or `{ tool, inputMatches }` (a regex over its input as JSON text). */
const toolCallPattern = (what: string) =>
  wants<string | { tool: string; inputMatches?: string }>(
    `${what}: a tool name, or { tool, inputMatches } (a regular expression over the call's input as JSON text)`,
    (v) =>
      (typeof v === 'string' && v.trim() !== '') ||
      (isRecord(v) &&
        typeof v.tool === 'string' &&
        v.tool.trim() !== '' &&
        (v.inputMatches === undefined || typeof v.inputMatches === 'string')),
  );

/** A call pattern's `inputMatches` must be a JavaScript regular expression. */
function callPatternRule(check: Check, key: 'before' | 'after'): RuleProblem[] {
  const spec = check[key];
  if (!isRecord(spec) || typeof spec.inputMatches !== 'string') return [];
  try {
    new RegExp(spec.inputMatches);
    return [];
  } catch (error) {
    return [
      {
        path: [key, 'inputMatches'],
        message: `invalid regex /${spec.inputMatches}/: ${(error as Error).message}; write a JavaScript regular expression`,
      },
    ];
  }
}

/** Checks of what the agent did: skills, tools, steps. */
export const ACTION_CHECKS: Readonly<Record<string, CheckSpec>> = {
  'skill-used': defineCheck({
    summary: "the skill fired (its tool was called or its SKILL.md read); without value, the case's skill",
    params: {
      value: skillValue,
      mode: oneOf(['any-tool', 'first-tool'], 'any-tool (anywhere in the run, the default) or first-tool'),
    },
    rules: skillCountRule,
    origins: ['skill-eval', 'promptfoo', 'agentv'],
  }),
  'skill-routed': defineCheck({
    summary:
      "among skills staged together, the first one the agent consulted is value (null: none fired); a routing case's implicit check",
    params: {
      value: wants<string | null>(
        "the skill that should fire first, or null when none should (default: the case's expected skill)",
        (v) => v === null || (typeof v === 'string' && v.trim() !== ''),
      ),
      mode: oneOf(['any-tool', 'first-tool'], 'any-tool (the first skill consulted, the default) or first-tool'),
    },
    origins: ['skill-eval'],
  }),
  'tool-called': toolCalled('the agent called the tool (with args, some call holding them)'),
  'tool-not-called': toolCalled('the agent never called the tool (with args, never with them)'),
  'tool-order': defineCheck({
    summary: "the first matching call of one tool comes before the first of another (Claude Code's tool_order)",
    params: {
      before: toolCallPattern('the call that must come first'),
      after: toolCallPattern('the call that must come after it'),
    },
    needs: ['before', 'after'],
    rules: (check) => [...callPatternRule(check, 'before'), ...callPatternRule(check, 'after')],
    origins: ['skill-eval'],
  }),
  'tool-trajectory': defineCheck({
    summary: "the agent's tool calls against an expected list, by mode; plus minimums per tool",
    params: {
      tools: expectedCalls,
      expected: expectedCalls,
      value: expectedCalls,
      mode: trajectoryMode,
      minimums: wants<Record<string, number>>(
        'a map of tool name to the fewest calls (whole numbers)',
        (v) => isRecord(v) && Object.values(v).every(wholeAtLeastZero),
      ),
    },
    rules: trajectoryRule,
    origins: AGENTV,
  }),
  'tool-call-f1': defineCheck({
    summary: 'the F1 of the tools called against the expected set reaches threshold (default 1)',
    params: {
      value: names('the expected tool names: a list, or a comma list'),
      threshold: passMark('a number from 0 to 1: the F1 to reach (default 1)'),
    },
    needs: ['value'],
    origins: PROMPTFOO,
  }),
  'trajectory:step-count': stepCount,
  'step-count': stepCount,
  'execution-metrics': defineCheck({
    summary: 'every bound given holds: tool calls, agent turns, tokens, cost, duration, the share of exploring calls',
    params: {
      ...metricParams,
      ...Object.fromEntries(Object.entries(METRIC_SPELLINGS).map(([camel, snake]) => [camel, metricParams[snake]])),
    },
    needs: [[...METRICS, ...Object.keys(METRIC_SPELLINGS).filter((camel) => camel !== 'explorationTolerance')]],
    origins: AGENTV,
  }),
};
