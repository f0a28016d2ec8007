import type { Case, Check, Session } from '@skill-eval/core';
import type { CheckContext } from './check-evaluator.js';

/** What AgentV's loader keeps of a code-grader's own keys; every other key goes to the grader's `config`. */
const GRADER_KEYS = new Set([
  'name',
  'type',
  'command',
  'script',
  'cwd',
  'weight',
  'target',
  'config',
  'preprocessors',
  'required',
  'min_score',
  'negate',
  // skill-eval's own: what the vocabulary mapping and the formats set.
  'minScore',
  'compatType',
  'payload',
  'turn',
  'timeoutSeconds',
  'timeout_seconds',
]);

/** An AgentV chat message. */
interface Message {
  role: string;
  content: string;
  toolCalls?: { tool: string; input: unknown; output?: unknown; id: string }[];
}

/**
 * What the test tells its graders, when the AgentV reader recorded it on the check (`payload`): AgentV's
 * `criteria`, `expected_output` and `input` message lists, and the test's own metadata.
 */
export interface GraderTestPayload {
  criteria: string;
  expectedOutput: Message[];
  input: Message[];
  metadata: Record<string, unknown> | null;
}

/**
 * The JSON AgentV's `CodeGrader.evaluate` writes to a grader's stdin: its payload object with every key, nested ones
 * too, in snake_case (`toSnakeCaseDeep`): criteria, expected_output and input as message lists, the answer as
 * output, the transcript as messages, the trace and its summary, token usage, cost, timing, the workspace and the
 * grader's config.
 */
export function codeGraderPayload(check: Check, { testCase, session, workspace }: CheckContext): string {
  const test = testPayload(check, testCase);
  const messages = transcriptMessages(session);
  const summary = traceSummary(session, messages);
  const tokenUsage = usageOf(session);
  const payload = {
    criteria: test.criteria,
    expectedOutput: test.expectedOutput,
    output: session.finalMessage,
    messages,
    inputFiles: [],
    input: test.input,
    metadata: test.metadata,
    trace: {
      ...summary,
      messages,
      events: [],
      ...(tokenUsage ? { tokenUsage } : {}),
      ...(session.costUsd === undefined ? {} : { costUsd: session.costUsd }),
      durationMs: session.durationMs,
    },
    traceSummary: summary,
    tokenUsage,
    costUsd: session.costUsd ?? null,
    durationMs: session.durationMs,
    startTime: null,
    endTime: null,
    fileChanges: null,
    workspacePath: workspace,
    config: graderConfig(check),
  };
  return JSON.stringify(snakeDeep(payload), null, 2);
}

/** The test's part of the payload: as the AgentV reader recorded it, else what the case holds. */
function testPayload(check: Check, testCase: Case): GraderTestPayload {
  const recorded = check.payload as GraderTestPayload | undefined;
  if (recorded && typeof recorded === 'object') return recorded;
  const { agentv: _agentv, vars: _vars, ...metadata } = testCase.metadata;
  return {
    criteria: '',
    expectedOutput: testCase.reference === undefined ? [] : [{ role: 'assistant', content: testCase.reference }],
    input: [
      ...(testCase.system ? [{ role: 'system', content: testCase.system }] : []),
      ...testCase.turns.map((turn) => ({ role: 'user', content: turn })),
    ],
    metadata: Object.keys(metadata).length > 0 ? metadata : null,
  };
}

/** `{...keys AgentV does not know, ...config}`, or null without either. */
function graderConfig(check: Check): Record<string, unknown> | null {
  const extra = Object.fromEntries(
    Object.entries(check).filter(([key, v]) => !GRADER_KEYS.has(key) && v !== undefined),
  );
  const own =
    typeof check.config === 'object' && check.config !== null ? (check.config as Record<string, unknown>) : {};
  const config = { ...extra, ...own };
  return Object.keys(config).length > 0 ? config : null;
}

/** The session as AgentV's messages: each message, with the tool calls (and their results) of an assistant turn. */
function transcriptMessages(session: Session): Message[] {
  const messages: Message[] = [];
  const calls = new Map<string, NonNullable<Message['toolCalls']>[number]>();
  for (const event of session.events) {
    if (event.type === 'message') messages.push({ role: event.role, content: event.text });
    else if (event.type === 'tool-call') {
      let last = messages.at(-1);
      if (last?.role !== 'assistant') {
        last = { role: 'assistant', content: '' };
        messages.push(last);
      }
      const call = { tool: event.name, input: event.input, id: event.id };
      last.toolCalls = [...(last.toolCalls ?? []), call];
      calls.set(event.id, call);
    } else if (event.type === 'tool-result') {
      const call = calls.get(event.id);
      if (call) call.output = event.output;
    }
  }
  return messages;
}

/** AgentV's `TraceSummary` of the transcript (`computeTraceSummary`): events, calls per tool, errors, LLM calls. */
function traceSummary(session: Session, messages: Message[]) {
  const calls = messages.flatMap((m) => m.toolCalls ?? []);
  const toolCalls: Record<string, number> = {};
  for (const call of calls) toolCalls[call.tool] = (toolCalls[call.tool] ?? 0) + 1;
  return {
    eventCount: calls.length,
    toolCalls,
    errorCount: session.events.filter((e) => e.type === 'error' || (e.type === 'tool-result' && e.isError)).length,
    llmCallCount: messages.filter((m) => m.role === 'assistant').length,
  };
}

/** AgentV's `TokenUsage`, or null when the engine reported none. */
function usageOf({ usage }: Session) {
  const total = usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  if (total === 0) return null;
  return {
    input: usage.inputTokens,
    output: usage.outputTokens,
    ...(usage.cacheReadTokens ? { cached: usage.cacheReadTokens } : {}),
    ...(usage.reasoningTokens ? { reasoning: usage.reasoningTokens } : {}),
  };
}

/** AgentV's `toSnakeCase`: a key starting with a capital letter stays as it is. */
const snake = (key: string) => (/^[A-Z]/.test(key) ? key : key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

/** AgentV's `toSnakeCaseDeep`. */
function snakeDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeDeep);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [snake(key), snakeDeep(v)]));
}
