import {
  addUsage,
  type EngineRunInput,
  emptyUsage,
  errorInfo,
  type NextUserTurn,
  type SessionEvent,
  type SessionStatus,
  type Usage,
} from '@skill-eval/core';
import { type AgentTool, inputProblem, ToolError } from './agent-tool.js';
import type { ConversationItem, ModelClient, ModelReply, ToolCallRequest, ToolCallResult } from './model-client.js';

/** Inputs of one agent run, independent of the provider. */
export interface AgentLoopOptions {
  client: ModelClient;
  tools: readonly AgentTool[];
  system: string;
  /** User messages, each appended to the same conversation. */
  turns: readonly string[];
  /** Asked for each further user message once `turns` are answered; null ends the conversation. */
  nextTurn?: EngineRunInput['nextTurn'];
  /** Most model calls per user message (as `claude -p --max-turns` counts them). */
  maxTurns: number;
  /** Wall-clock limit of the whole run. */
  timeoutMs: number;
  /** Aborts the run from outside (interrupt). */
  signal?: AbortSignal;
  /** Sees each event as it is recorded; true ends the run at once, `completed`, before anything else runs or is sent. */
  stopWhen?: (event: SessionEvent) => boolean;
}

/** How an agent run ended and what it did. */
export interface AgentLoopResult {
  status: SessionStatus;
  events: SessionEvent[];
  usage: Usage;
  /** Model calls made. */
  modelCalls: number;
  /** Model named by the last reply. */
  model?: string;
  /** Last assistant text. */
  finalMessage: string;
  error?: { code: string; message: string };
  /** `stopWhen` accepted an event and the run ended there. */
  stoppedEarly: boolean;
  /** Problems the run went on after, for the Session. */
  warnings: string[];
}

/** Records events in order; true once `stopWhen` has accepted one of them (the batch is still recorded whole). */
type Recorder = (...events: SessionEvent[]) => boolean;

/**
 * Records the call (with the skill it loads), runs it unless the run was told to stop, and records the result.
 * A call the output token limit cut off is answered with an error instead: its input may be missing fields.
 */
async function runTool(
  tools: readonly AgentTool[],
  call: ToolCallRequest,
  record: Recorder,
  cutOff: boolean,
): Promise<ToolCallResult | undefined> {
  const tool = tools.find((t) => t.definition.name === call.name);
  const skill = cutOff ? undefined : tool?.skillOf?.(call.input);
  const stop = record(
    { type: 'tool-call', id: call.id, name: tool?.reportAs ?? call.name, input: call.input },
    ...(skill ? [{ type: 'skill' as const, ...skill }] : []),
  );
  if (stop) return undefined;
  let result: ToolCallResult;
  try {
    if (!tool) throw new Error(`Unknown tool: ${call.name}`);
    if (cutOff)
      throw new ToolError(
        'Your reply reached the output token limit before this tool call was complete, so it was not run. ' +
          'Send less in one call (write a long file in parts).',
      );
    // Not run at all: a tool handed something else would misread it (an MCP tool would run without its arguments).
    const problem = inputProblem(call.input);
    if (problem) throw new ToolError(problem);
    const outcome = await tool.run(call.input);
    result = { id: call.id, output: outcome.output, isError: outcome.isError };
  } catch (error) {
    // Any tool failure goes back to the model as an error result; the run itself goes on.
    result = { id: call.id, output: error instanceof Error ? error.message : String(error), isError: true };
  }
  record({ type: 'tool-result', id: call.id, output: result.output, isError: result.isError });
  return result;
}

/** How a loop that threw ended: past its time limit, interrupted, or by an engine failure. */
function endedBy(
  stopReason: 'timeout' | 'interrupted' | undefined,
  error: unknown,
  timeoutMs: number,
): Pick<AgentLoopResult, 'status' | 'error'> {
  if (stopReason === 'timeout') {
    return {
      status: 'timeout',
      error: { code: 'TIMEOUT', message: `The run passed its time limit of ${timeoutMs} ms.` },
    };
  }
  if (stopReason === 'interrupted') {
    return { status: 'error', error: { code: 'INTERRUPTED', message: 'The run was interrupted.' } };
  }
  const info = errorInfo(error);
  return {
    status: 'error',
    error: { code: info.code === 'INTERNAL' ? 'ENGINE_FAILED' : info.code, message: info.message },
  };
}

/** The one agent loop every API engine shares: call the model, run its tools, repeat until it answers. */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const { client, tools, system, maxTurns } = options;
  const result: AgentLoopResult = {
    status: 'completed',
    events: [],
    usage: emptyUsage(),
    modelCalls: 0,
    finalMessage: '',
    stoppedEarly: false,
    warnings: [],
  };
  const record: Recorder = (...events) => {
    for (const event of events) {
      result.events.push(event);
      if (!result.stoppedEarly && options.stopWhen?.(event)) result.stoppedEarly = true;
    }
    return result.stoppedEarly;
  };
  const conversation: ConversationItem[] = [];
  const definitions = tools.map((t) => t.definition);
  const controller = new AbortController();
  let stopReason: 'timeout' | 'interrupted' | undefined;
  const stop = (why: 'timeout' | 'interrupted') => {
    stopReason ??= why;
    controller.abort();
  };
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  const onAbort = () => stop('interrupted');
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // A client that ignores its signal still cannot hold the run past the limit.
  const aborted = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
  );
  aborted.catch(() => {});
  try {
    let next: NextUserTurn | null = options.turns.length > 0 ? { text: options.turns[0]!, simulated: false } : null;
    let answer = '';
    turns: for (let index = 0; next; index++, next = await nextMessage(options, index, answer)) {
      const { text } = next;
      answer = '';
      conversation.push({ role: 'user', text });
      if (record({ type: 'message', role: 'user', text, ...(next.simulated ? { simulated: true } : {}) })) break;
      for (let call = 0; ; call++) {
        if (call >= maxTurns) {
          result.status = 'max-turns';
          result.error = {
            code: 'MAX_TURNS',
            message: `Reached the limit of ${maxTurns} model calls for one user message.`,
          };
          break turns;
        }
        if (controller.signal.aborted) throw new Error('aborted');
        const pending = client.call(conversation, definitions, system, controller.signal);
        pending.catch(() => {});
        const reply: ModelReply = await Promise.race([pending, aborted]);
        result.modelCalls++;
        result.usage = addUsage(result.usage, reply.usage);
        result.model = reply.model || result.model;
        conversation.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls, raw: reply.raw });
        if (reply.reasoning) record({ type: 'reasoning', text: reply.reasoning });
        if (reply.text) {
          record({ type: 'message', role: 'assistant', text: reply.text });
          result.finalMessage = reply.text;
          answer = reply.text;
        }
        if (result.stoppedEarly) break turns;
        if (reply.toolCalls.length === 0) break;
        const results: ToolCallResult[] = [];
        for (const [index, toolCall] of reply.toolCalls.entries()) {
          // Calls stream in order, so only the last one can have been cut off.
          const cutOff = reply.outputLimitReached === true && index === reply.toolCalls.length - 1;
          if (cutOff)
            result.warnings.push(
              `A model reply reached its output token limit in the middle of its call to ${toolCall.name}, which was not run; ` +
                "raise the engine's maxTokens setting (--ek maxTokens=…).",
            );
          const done = await runTool(tools, toolCall, record, cutOff);
          // Stopped: the remaining calls are not run and no further request is sent.
          if (!done || result.stoppedEarly) break turns;
          results.push(done);
        }
        conversation.push({ role: 'tool-results', results });
      }
    }
  } catch (error) {
    Object.assign(result, endedBy(stopReason, error, options.timeoutMs));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (result.error) result.events.push({ type: 'error', message: result.error.message });
  return result;
}

/** The user message after turn `index - 1`: the next given one, else what `nextTurn` supplies, else none. */
async function nextMessage(options: AgentLoopOptions, index: number, answer: string): Promise<NextUserTurn | null> {
  const given = options.turns[index];
  if (given !== undefined) return { text: given, simulated: false };
  if (!options.nextTurn) return null;
  return options.nextTurn({ turn: index - 1, finalMessage: answer });
}
