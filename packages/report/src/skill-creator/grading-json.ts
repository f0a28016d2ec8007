import { type CaseOutcome, type CaseResult, type CheckVerdict, totalTokens } from '@skill-eval/core';
import type { SkillCreatorFlavor } from './flavor.js';

/** One verdict as skill-creator's viewer reads it: exactly `text`, `passed`, `evidence`. */
export interface Expectation {
  text: string;
  passed: boolean;
  evidence: string;
}

/** The verdicts of an execution; a trigger run without checks gets one for whether the skill fired as it should. */
export function expectationsOf(result: CaseResult, outcome?: CaseOutcome): Expectation[] {
  const fromChecks = result.checks.map((c: CheckVerdict) => ({
    text: c.name || c.type,
    passed: c.passed && !c.errored,
    evidence: c.evidence,
  }));
  if (fromChecks.length > 0 || result.triggered === undefined) return fromChecks;
  const should = outcome?.trigger?.shouldTrigger ?? true;
  return [
    {
      text: should ? 'The skill fires' : 'The skill does not fire',
      passed: should === result.triggered,
      evidence: result.triggered ? 'The skill fired in this run.' : 'The skill did not fire in this run.',
    },
  ];
}

const seconds = (ms: number): number => Math.round(Math.max(0, ms)) / 1000;

/** The engine's share of the execution; the rest (grading, mostly, and workspace setup) counts as the grader's. */
const executorMs = (result: CaseResult): number =>
  Math.min(result.session?.durationMs ?? result.durationMs, result.durationMs);

/** `grading.json` of one execution (skill-creator `references/schemas.md`; agentskills.io renames `expectations`). */
export function gradingJson(
  result: CaseResult,
  flavor: SkillCreatorFlavor,
  extra: { outcome?: CaseOutcome; transcriptChars?: number } = {},
): Record<string, unknown> {
  const expectations = expectationsOf(result, extra.outcome);
  const passed = expectations.filter((e) => e.passed).length;
  const toolCalls: Record<string, number> = {};
  for (const call of result.session?.toolCalls ?? []) toolCalls[call.name] = (toolCalls[call.name] ?? 0) + 1;
  const toolErrors = (result.session?.toolCalls ?? []).filter((c) => c.isError).length;
  const notes = result.error ? [`${result.error.code}: ${result.error.message}`] : [];
  return {
    [flavor === 'agentskills' ? 'assertion_results' : 'expectations']: expectations,
    summary: {
      passed,
      failed: expectations.length - passed,
      total: expectations.length,
      pass_rate: expectations.length ? Math.round((passed / expectations.length) * 10_000) / 10_000 : 0,
    },
    execution_metrics: {
      tool_calls: toolCalls,
      total_tool_calls: result.session?.toolCalls.length ?? 0,
      total_steps: result.session?.turns ?? 0,
      errors_encountered: toolErrors + (result.status === 'error' ? 1 : 0),
      output_chars: result.session?.finalMessage.length ?? 0,
      transcript_chars: extra.transcriptChars ?? 0,
    },
    // No total_duration_seconds here on purpose: aggregate_benchmark.py reads tokens from timing.json only when
    // grading.json has no total, and would otherwise count output characters as tokens.
    timing: {
      executor_duration_seconds: seconds(executorMs(result)),
      grader_duration_seconds: seconds(result.durationMs - executorMs(result)),
    },
    claims: [],
    user_notes_summary: { uncertainties: [], needs_review: notes, workarounds: [] },
    ...evalFeedback(result),
  };
}

/**
 * skill-creator's `eval_feedback` (grader.md): the judge's remarks on the criteria, each `{assertion?, reason}` with
 * its kind leading the reason; only when the judge made any, as skill-creator's grader writes it.
 */
function evalFeedback(result: CaseResult): { eval_feedback?: Record<string, unknown> } {
  const feedback = result.judge?.feedback;
  if (!feedback) return {};
  const suggestions = feedback.suggestions.map(({ assertion, kind, reason }) => ({
    ...(assertion === undefined ? {} : { assertion }),
    reason: kind ? `${kind}: ${reason}` : reason,
  }));
  return { eval_feedback: { suggestions, ...(feedback.overall ? { overall: feedback.overall } : {}) } };
}

/** `timing.json` of one execution; agentskills.io's has tokens and duration only. */
export function timingJson(result: CaseResult, flavor: SkillCreatorFlavor): Record<string, unknown> {
  const tokens = result.session ? totalTokens(result.session.usage) : 0;
  if (flavor === 'agentskills') return { total_tokens: tokens, duration_ms: Math.round(result.durationMs) };
  const start = Date.parse(result.startedAt);
  const at = (ms: number) => (Number.isNaN(start) ? result.startedAt : new Date(start + ms).toISOString());
  const executor = executorMs(result);
  return {
    total_tokens: tokens,
    duration_ms: Math.round(result.durationMs),
    total_duration_seconds: seconds(result.durationMs),
    executor_start: result.startedAt,
    executor_end: at(executor),
    executor_duration_seconds: seconds(executor),
    grader_start: at(executor),
    grader_end: at(result.durationMs),
    grader_duration_seconds: seconds(result.durationMs - executor),
  };
}
