import type { CaseResult, CheckVerdict, SessionEvent, Usage } from '@skill-eval/core';
import { type Attributes, bool, dbl, int, SPAN_KIND, type SpanRecord, STATUS, spanId, str, strs } from './otlp-json.js';

// The names below are the OpenTelemetry GenAI semantic conventions (open-telemetry/semantic-conventions at 953276ff,
// the last commit before they moved to their own repository):
// - docs/gen-ai/gen-ai-agent-spans.md lines 183-233: the `invoke_agent` span — gen_ai.operation.name, gen_ai.provider.name,
//   gen_ai.agent.name, gen_ai.request.model, gen_ai.usage.*; "frameworks MAY specify different span name format" (l. 198).
// - docs/gen-ai/gen-ai-spans.md lines 58-97: the inference span, named `{gen_ai.operation.name} {gen_ai.request.model}`,
//   with gen_ai.response.model and gen_ai.usage.input_tokens (which SHOULD include cached input, l. 161),
//   output_tokens, cache_read.input_tokens, cache_creation.input_tokens; lines 255-264: the operation names `chat`,
//   `execute_tool`, `invoke_agent`; lines 282-300: the well-known provider names.
// - docs/gen-ai/gen-ai-spans.md lines 581-610: the `execute_tool {gen_ai.tool.name}` span, INTERNAL, with
//   gen_ai.tool.name, gen_ai.tool.call.id, gen_ai.tool.call.arguments and gen_ai.tool.call.result.
// - docs/gen-ai/gen-ai-events.md lines 242-263: the `gen_ai.evaluation.result` event, with gen_ai.evaluation.name,
//   gen_ai.evaluation.score.value, gen_ai.evaluation.score.label and gen_ai.evaluation.explanation.
// - docs/registry/attributes/gen-ai.md line 290: gen_ai.system, deprecated for gen_ai.provider.name; sent as well, as
//   tools that read the older conventions (Langfuse, Phoenix) still look for it.
// - gen_ai.input.messages / gen_ai.output.messages follow docs/gen-ai/gen-ai-input-messages.json and
//   gen-ai-output-messages.json (role, parts of type text, reasoning, tool_call; finish_reason).
// What the conventions have no name for (the case, the verdict, the cost) is under `skill_eval.`.

/** An engine event and when the exporter saw it (epoch ms). */
export interface TimedEvent {
  event: SessionEvent;
  at: number;
}

/** The provider behind an engine, by its well-known name where there is one; otherwise the engine's own id. */
const PROVIDERS: Record<string, string> = {
  anthropic: 'anthropic',
  'claude-code': 'anthropic',
  openai: 'openai',
  codex: 'openai',
  'gemini-cli': 'gcp.gemini',
};

const providerOf = (engine: string): string => PROVIDERS[engine.split(':')[0]!] ?? engine.split(':')[0]!;

/** Input tokens as the conventions count them: with what was read from and written to the provider's cache. */
function usageAttributes(usage: Usage | undefined): Attributes {
  if (!usage) return {};
  return {
    'gen_ai.usage.input_tokens': int(usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens),
    'gen_ai.usage.output_tokens': int(usage.outputTokens),
    'gen_ai.usage.cache_read.input_tokens': int(usage.cacheReadTokens),
    'gen_ai.usage.cache_creation.input_tokens': int(usage.cacheWriteTokens),
  };
}

const providerAttributes = (provider: string): Attributes => ({
  'gen_ai.provider.name': str(provider),
  'gen_ai.system': str(provider),
});

const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/** A model turn: what the model said in one response (text, reasoning, tool calls), and when. */
interface Turn {
  start: number;
  end: number;
  events: TimedEvent[];
}

const fromModel = (event: SessionEvent): boolean =>
  event.type === 'reasoning' || event.type === 'tool-call' || (event.type === 'message' && event.role === 'assistant');

/**
 * The session's model turns: each run of consecutive events from the model (assistant text, reasoning, tool calls) is
 * one response; a user message or a tool result ends it. A turn starts when what it answers arrived (the execution's
 * start for the first).
 */
export function modelTurns(events: readonly TimedEvent[], executionStart: number): Turn[] {
  const turns: Turn[] = [];
  let current: Turn | undefined;
  let since = executionStart;
  for (const timed of events) {
    if (fromModel(timed.event)) {
      current ??= { start: since, end: timed.at, events: [] };
      current.events.push(timed);
      current.end = timed.at;
      if (!turns.includes(current)) turns.push(current);
    } else if (timed.event.type === 'tool-result' || (timed.event.type === 'message' && timed.event.role === 'user')) {
      current = undefined;
      since = timed.at;
    }
  }
  return turns;
}

function outputMessages(turn: Turn): string {
  const parts = turn.events.map(({ event }) => {
    if (event.type === 'tool-call')
      return { type: 'tool_call', id: event.id, name: event.name, arguments: event.input };
    if (event.type === 'reasoning') return { type: 'reasoning', content: event.text };
    return { type: 'text', content: event.type === 'message' ? event.text : '' };
  });
  const finish = turn.events.some(({ event }) => event.type === 'tool-call') ? 'tool_call' : 'stop';
  return JSON.stringify([{ role: 'assistant', parts, finish_reason: finish }]);
}

/** One check's verdict as a `gen_ai.evaluation.result` event, with its group's checks flattened after it. */
function checkEvents(checks: readonly CheckVerdict[], timeMs: number): NonNullable<SpanRecord['events']> {
  return checks.flatMap((check) => [
    {
      name: 'gen_ai.evaluation.result',
      timeMs,
      attributes: {
        'gen_ai.evaluation.name': str(check.name || check.type),
        'gen_ai.evaluation.score.value': dbl(check.score),
        'gen_ai.evaluation.score.label': str(check.errored ? 'error' : check.passed ? 'pass' : 'fail'),
        'gen_ai.evaluation.explanation': check.evidence ? str(check.evidence) : undefined,
        'skill_eval.check.type': str(check.type),
        'skill_eval.check.weight': dbl(check.weight),
        'skill_eval.check.required': bool(check.required),
        'skill_eval.check.gate': bool(check.gate),
      },
    },
    ...checkEvents(check.checks ?? [], timeMs),
  ]);
}

const userTurns = (events: readonly TimedEvent[]): string[] =>
  events.flatMap(({ event }) => (event.type === 'message' && event.role === 'user' ? [event.text] : []));

/**
 * The spans of one finished execution, under `parent`: the execution itself (an `invoke_agent` span carrying the case,
 * variant, repeat, engine, verdict, check results, tokens and cost), a `chat` span per model turn, an `execute_tool`
 * span per tool call (under the turn that made it), and the judge's `chat` span when a judge graded it. `events` are
 * the engine's events as the run reported them, timed when they arrived; a result taken from the cache has none.
 */
export function executionSpans(
  result: CaseResult,
  events: readonly TimedEvent[],
  parent: { traceId: string; spanId: string },
): SpanRecord[] {
  const start = Date.parse(result.startedAt);
  const end = start + result.durationMs;
  const provider = providerOf(result.engine);
  const model = result.session?.model ?? result.model;
  const execution: SpanRecord = {
    traceId: parent.traceId,
    spanId: spanId(),
    parentSpanId: parent.spanId,
    // The case, not `invoke_agent {agent}`: in a run of many executions the case is what a reader looks for.
    name: `${result.caseName} [${result.variant}] #${result.run}`,
    kind: SPAN_KIND.client,
    startMs: start,
    endMs: end,
    attributes: executionAttributes(result, provider, events),
    events: checkEvents(result.checks, end),
    status: statusOf(result),
  };
  const spans = [execution];
  const turns = modelTurns(events, start);
  const results = new Map(
    events.flatMap(({ event, at }) => (event.type === 'tool-result' ? [[event.id, { event, at }] as const] : [])),
  );
  for (const turn of turns) {
    const chat: SpanRecord = {
      traceId: parent.traceId,
      spanId: spanId(),
      parentSpanId: execution.spanId,
      name: `chat ${model ?? provider}`,
      kind: SPAN_KIND.client,
      startMs: turn.start,
      endMs: turn.end,
      attributes: {
        'gen_ai.operation.name': str('chat'),
        ...providerAttributes(provider),
        'gen_ai.request.model': result.model ? str(result.model) : undefined,
        'gen_ai.response.model': model ? str(model) : undefined,
        // The session counts tokens for the whole execution, not per response: a turn carries them only when it is
        // the only one, and so the whole.
        ...(turns.length === 1 ? usageAttributes(result.session?.usage) : {}),
        'gen_ai.output.messages': str(outputMessages(turn)),
      },
    };
    spans.push(chat);
    for (const { event, at } of turn.events) {
      if (event.type !== 'tool-call') continue;
      const answered = results.get(event.id);
      const output = answered?.event.type === 'tool-result' ? answered.event : undefined;
      spans.push({
        traceId: parent.traceId,
        spanId: spanId(),
        parentSpanId: chat.spanId,
        name: `execute_tool ${event.name}`,
        kind: SPAN_KIND.internal,
        startMs: at,
        endMs: answered?.at ?? at,
        attributes: {
          'gen_ai.operation.name': str('execute_tool'),
          'gen_ai.tool.name': str(event.name),
          'gen_ai.tool.call.id': str(event.id),
          'gen_ai.tool.call.arguments': str(json(event.input)),
          'gen_ai.tool.call.result': output && !output.isError ? str(output.output) : undefined,
          'error.type': output?.isError ? str('tool_error') : undefined,
        },
        ...(output?.isError ? { status: { code: STATUS.error, message: output.output } } : {}),
      });
    }
  }
  if (result.judge) spans.push(judgeSpan(result, events, parent.traceId, execution.spanId));
  return spans;
}

function executionAttributes(result: CaseResult, provider: string, events: readonly TimedEvent[]): Attributes {
  const session = result.session;
  const failedChecks = result.checks.filter((check) => !check.passed);
  const prompts = userTurns(events);
  return {
    'gen_ai.operation.name': str('invoke_agent'),
    ...providerAttributes(provider),
    'gen_ai.agent.name': str(result.engine),
    'gen_ai.agent.version': result.engineVersion ? str(result.engineVersion) : undefined,
    'gen_ai.request.model': result.model ? str(result.model) : undefined,
    'gen_ai.response.model': session?.model ? str(session.model) : undefined,
    ...usageAttributes(session?.usage),
    'gen_ai.input.messages': prompts.length
      ? str(JSON.stringify(prompts.map((text) => ({ role: 'user', parts: [{ type: 'text', content: text }] }))))
      : undefined,
    'gen_ai.output.messages': session?.finalMessage
      ? str(
          JSON.stringify([
            { role: 'assistant', parts: [{ type: 'text', content: session.finalMessage }], finish_reason: 'stop' },
          ]),
        )
      : undefined,
    'skill_eval.execution.id': str(result.executionId),
    'skill_eval.suite': str(result.suiteId),
    'skill_eval.case.id': str(result.caseId),
    'skill_eval.case.name': str(result.caseName),
    'skill_eval.case.kind': str(result.kind),
    'skill_eval.case.tags': result.tags?.length ? strs(result.tags) : undefined,
    'skill_eval.variant': str(result.variant),
    'skill_eval.repeat': int(result.run),
    'skill_eval.engine': str(result.engine),
    'skill_eval.verdict': str(result.status),
    'skill_eval.score': dbl(result.score),
    'skill_eval.checks.passed': int(result.checks.length - failedChecks.length),
    'skill_eval.checks.failed': int(failedChecks.length),
    'skill_eval.checks.failed_names': failedChecks.length
      ? strs(failedChecks.map((check) => check.name || check.type))
      : undefined,
    'skill_eval.triggered': result.triggered === undefined ? undefined : bool(result.triggered),
    'skill_eval.skills_invoked': session?.skillsInvoked.length
      ? strs(session.skillsInvoked.map((skill) => `${skill.name} (${skill.via})`))
      : undefined,
    'skill_eval.cost_usd': session?.costUsd === undefined ? undefined : dbl(session.costUsd),
    'skill_eval.session.status': session ? str(session.status) : undefined,
    'skill_eval.session.turns': session ? int(session.turns) : undefined,
    'skill_eval.cached': bool(result.cached),
    'skill_eval.attempts': result.attempts ? int(result.attempts) : undefined,
    'error.type': result.error ? str(result.error.code) : undefined,
    'skill_eval.error.message': result.error ? str(result.error.message) : undefined,
  };
}

/** Errored and failed executions are red in a trace viewer, as test runs exported as traces mark failed tests. */
function statusOf(result: CaseResult): SpanRecord['status'] {
  if (result.status === 'passed') return { code: STATUS.ok };
  if (result.status === 'error') return { code: STATUS.error, message: result.error?.message ?? 'error' };
  if (result.status === 'failed') return { code: STATUS.error, message: 'failed' };
  return { code: STATUS.unset };
}

/**
 * The judge's calls, as one span: they happen after the agent's last event and before the result, which is the window
 * it covers (the judge reports no times of its own).
 */
function judgeSpan(result: CaseResult, events: readonly TimedEvent[], trace: string, parent: string): SpanRecord {
  const judge = result.judge!;
  const start = Date.parse(result.startedAt);
  const end = start + result.durationMs;
  const afterAgent = events.at(-1)?.at ?? start + (result.session?.durationMs ?? 0);
  const provider = providerOf(judge.engine);
  return {
    traceId: trace,
    spanId: spanId(),
    parentSpanId: parent,
    // Not `chat {model}`: it must not read as one of the agent's turns.
    name: `judge ${judge.model ?? judge.engine}`,
    kind: SPAN_KIND.client,
    startMs: Math.min(Math.max(afterAgent, start), end),
    endMs: end,
    attributes: {
      'gen_ai.operation.name': str('chat'),
      ...providerAttributes(provider),
      'gen_ai.request.model': judge.model ? str(judge.model) : undefined,
      ...usageAttributes(judge.usage),
      'skill_eval.judge.engine': str(judge.engine),
      'skill_eval.judge.prompt_version': str(judge.promptVersion),
      'skill_eval.cost_usd': judge.costUsd === undefined ? undefined : dbl(judge.costUsd),
    },
  };
}
