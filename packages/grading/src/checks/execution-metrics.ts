import { type Check, type Session, SkillEvalError, totalTokens } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { numberParam } from './check-value.js';

/**
 * One bound AgentV's execution-metrics can set: what it measures (undefined when the engine reported none of it) and
 * how the value is shown.
 */
interface Metric {
  label: string;
  measure: (session: Session) => number | undefined;
  show: (n: number) => string;
}

const METRICS: Record<string, Metric> = {
  max_tool_calls: { label: 'tool calls', measure: (s) => s.toolCalls.length, show: String },
  max_llm_calls: { label: 'LLM calls', measure: (s) => s.turns, show: String },
  // Input and output, without cache: `tokenUsage.input + tokenUsage.output` (AgentV 4.42.4, agentv/dist
  // chunk-ZPFM52HV.js:22427).
  max_tokens: { label: 'tokens', measure: reportedTokens, show: String },
  max_cost_usd: { label: 'cost', measure: (s) => s.costUsd, show: (n) => `$${n.toFixed(4)}` },
  max_duration_ms: { label: 'duration', measure: (s) => s.durationMs, show: (n) => `${n} ms` },
};

/**
 * AgentV `execution-metrics`: every bound given (`max_tool_calls`, `max_llm_calls` = agent turns,
 * `max_tokens`, `max_cost_usd`, `max_duration_ms`, and the share of exploring calls `target_exploration_ratio`) holds. The score is the share of bounds held. A bound on what the
 * engine did not report is not held, as in AgentV ("Token usage data not available", "Cost data not available":
 * chunk-ZPFM52HV.js:22425, 22444).
 */
export const executionMetrics: CheckEvaluator = (check, { session }) => {
  const given = Object.keys(METRICS).filter((key) => check[key] !== undefined);
  const exploration = check.target_exploration_ratio !== undefined;
  if (given.length === 0 && !exploration)
    throw bad(check, `sets no bound; give one of ${Object.keys(METRICS).join(', ')}, target_exploration_ratio`);
  const bounds = given.map((key) => {
    const metric = METRICS[key]!;
    const max = numberParam(check, key);
    const value = metric.measure(session);
    if (value === undefined) return { held: false, text: `${metric.label} not reported (max ${metric.show(max)})` };
    const held = value <= max;
    return { held, text: `${metric.label} ${metric.show(value)} (max ${metric.show(max)}${held ? '' : ', over'})` };
  });
  const parts = exploration ? [...bounds, explorationPart(check, session)] : bounds;
  const heldCount = parts.filter((p) => p.held).length;
  return {
    passed: heldCount === parts.length,
    score: heldCount / parts.length,
    evidence: parts.map((p) => p.text).join('; '),
  };
};

/**
 * The tool names AgentV counts as exploring (DEFAULT_EXPLORATION_TOOLS, packages/core/src/evaluation/trace.ts:1421-1432
 * at 58f316ca2; the same list in @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:3479-3490), compared as written.
 */
const EXPLORATION_TOOLS = new Set([
  'read',
  'grep',
  'glob',
  'search',
  'list',
  'Read',
  'Grep',
  'Glob',
  'WebSearch',
  'WebFetch',
]);

/**
 * AgentV 5's `target_exploration_ratio`: the share of tool calls that explore is within `exploration_tolerance`
 * (default 0.2) of the target; not held without a tool call ("Exploration ratio not available (no tool calls)").
 * explorationRatio and its check: trace.ts:1442-1454 and graders/execution-metrics.ts:157-178 at 58f316ca2
 * (4.42.4: :3491-3498, 3642-3660).
 */
function explorationPart(check: Check, session: Session): { held: boolean; text: string } {
  const target = numberParam(check, 'target_exploration_ratio');
  const tolerance = check.exploration_tolerance === undefined ? 0.2 : numberParam(check, 'exploration_tolerance');
  const calls = session.toolCalls.length;
  if (calls === 0) return { held: false, text: 'exploration ratio not available (no tool calls)' };
  const ratio = session.toolCalls.filter((call) => EXPLORATION_TOOLS.has(call.name)).length / calls;
  const held = Math.abs(ratio - target) <= tolerance;
  return {
    held,
    text: `exploration ratio ${ratio.toFixed(2)} (target ${target} ± ${tolerance}${held ? '' : ', outside'})`,
  };
}

/** Input and output tokens; undefined when the engine reported no usage at all. */
function reportedTokens(session: Session): number | undefined {
  if (totalTokens(session.usage) === 0) return undefined;
  return session.usage.inputTokens + session.usage.outputTokens;
}

function bad(check: Check, problem: string) {
  return new SkillEvalError('BAD_INPUT', `check "${check.type}" ${problem}`, {
    hint: `write { type: ${check.type}, max_tool_calls: 10, max_duration_ms: 60000 }`,
  });
}
