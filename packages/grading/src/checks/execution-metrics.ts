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
 * `max_tokens`, `max_cost_usd`, `max_duration_ms`) holds. The score is the share of bounds held. A bound on what the
 * engine did not report is not held, as in AgentV ("Token usage data not available", "Cost data not available":
 * chunk-ZPFM52HV.js:22425, 22444).
 */
export const executionMetrics: CheckEvaluator = (check, { session }) => {
  const given = Object.keys(METRICS).filter((key) => check[key] !== undefined);
  if (check.target_exploration_ratio !== undefined) {
    throw bad(check, 'sets target_exploration_ratio, which skill-eval does not measure');
  }
  if (given.length === 0) throw bad(check, `sets no bound; give one of ${Object.keys(METRICS).join(', ')}`);
  const parts = given.map((key) => {
    const metric = METRICS[key]!;
    const max = numberParam(check, key);
    const value = metric.measure(session);
    if (value === undefined) return { held: false, text: `${metric.label} not reported (max ${metric.show(max)})` };
    const held = value <= max;
    return { held, text: `${metric.label} ${metric.show(value)} (max ${metric.show(max)}${held ? '' : ', over'})` };
  });
  const heldCount = parts.filter((p) => p.held).length;
  return {
    passed: heldCount === parts.length,
    score: heldCount / parts.length,
    evidence: parts.map((p) => p.text).join('; '),
  };
};

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
