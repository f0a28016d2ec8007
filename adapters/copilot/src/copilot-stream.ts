import { emptyUsage, type SessionEvent, type SessionStatus, type Usage } from '@skill-eval/core';
import {
  isJsonObject,
  jsonNumber,
  jsonString,
  readJsonLine,
  skillNameFromInput,
  skillNameFromPath,
  skillsReadBy,
} from '@skill-eval/engine-kit';
import { copilotToolName, mayBeMcpTool } from './copilot-mcp.js';

/**
 * Parser for `copilot -p … --output-format json` (GitHub Copilot CLI 1.0.102): one session event per line,
 * `{type, data, id, timestamp, parentId, ephemeral?}` (the SessionEvent union of the package's
 * `copilot-sdk/generated/session-events.d.ts`), ending with `{type: "result", sessionId, exitCode, usage}`. Read here:
 * `assistant.tool_call_delta` (a tool call's arguments as they stream), `assistant.message` (`content` and
 * `toolRequests[]` of one model response: `{toolCallId, name, arguments}`, seen before the tools run), `tool.execution_complete` (`toolCallId`, `success`, `result.content` or `error`),
 * `session.error`, `result`. An MCP tool's request carries `mcpServerName` and `mcpToolName`: it is reported as
 * `server::tool`. The stream holds no tokens: they come from `--usage-output-file` ({@link readUsageFile}).
 * Deltas, turn markers, `session.skills_loaded` and anything a later version adds are skipped.
 */

type Json = Record<string, unknown>;

/** The tool Copilot CLI calls to load a skill's body (`skill`, arguments `{skill: <name>}`). */
export const SKILL_TOOL = 'skill';

/** Everything one stream (one process) told us. */
export interface CopilotParseResult {
  /** Transcript events in order. */
  events: SessionEvent[];
  /** Model responses: one per `assistant.message`. */
  turns: number;
  /** The session id of the `result` event, to continue it with `--resume`. */
  sessionId?: string;
  /** The final answer: the assistant text after the last tool call. */
  finalMessage: string;
  /** `completed` once the `result` event came with exit code 0, `error` on a session error or another exit code. */
  status?: SessionStatus;
  /** The session errors' messages. */
  errorMessage?: string;
  /** The model of the last response. */
  model?: string;
  /** Lines that could not be read. */
  warnings: string[];
}

const isObject = isJsonObject;
const str = jsonString;
const num = (value: unknown): number => jsonNumber(value) ?? 0;

/** Incremental parser: feed lines as they arrive, then `finish()`. */
export class CopilotStreamParser {
  private readonly out: CopilotParseResult = { events: [], turns: 0, finalMessage: '', warnings: [] };
  private lineNo = 0;
  /** The arguments streamed so far of each tool call, by id (`assistant.tool_call_delta`). */
  private readonly streamedInput = new Map<string, string>();
  /** The tool calls already recorded, by id. */
  private readonly recorded = new Map<string, Extract<SessionEvent, { type: 'tool-call' }>>();

  /** Feeds one line of output; blank lines are skipped, non-JSON lines become warnings. */
  pushLine(line: string): void {
    const event = readJsonLine(line, ++this.lineNo, (warning) => this.out.warnings.push(warning));
    if (event) this.pushEvent(event);
  }

  /** Feeds one parsed stream event. */
  pushEvent(event: Json): void {
    const data = isObject(event.data) ? event.data : {};
    switch (event.type) {
      case 'assistant.tool_call_delta':
        this.onToolCallDelta(data);
        break;
      case 'assistant.message':
        this.onAssistantMessage(data);
        break;
      case 'tool.execution_complete':
        this.onToolComplete(data);
        break;
      case 'session.error':
        this.onError(str(data.message) ?? str(data.errorType) ?? 'copilot reported an error');
        break;
      case 'result':
        this.out.sessionId = str(event.sessionId) ?? this.out.sessionId;
        if (num(event.exitCode) !== 0) this.onError(`copilot ended with exit code ${num(event.exitCode)}`);
        else this.out.status ??= 'completed';
        break;
      default:
        break;
    }
  }

  /** The events parsed so far, as they arrive (so a run can be stopped mid-stream). */
  eventsSoFar(): readonly SessionEvent[] {
    return this.out.events;
  }

  finish(): CopilotParseResult {
    return this.out;
  }

  private onAssistantMessage(data: Json): void {
    this.out.turns++;
    this.out.model = str(data.model) ?? this.out.model;
    const text = str(data.content) ?? '';
    if (text) this.out.events.push({ type: 'message', role: 'assistant', text });
    const requests = Array.isArray(data.toolRequests) ? data.toolRequests.filter(isObject) : [];
    if (requests.length === 0) {
      if (text.trim()) this.out.finalMessage = text;
      return;
    }
    // A response that calls tools is not the answer.
    this.out.finalMessage = '';
    for (const request of requests) {
      const id = str(request.toolCallId) ?? `tool-${this.out.events.length}`;
      const name = copilotToolName(str(request.name) ?? 'unknown', request);
      const recorded = this.recorded.get(id);
      if (!recorded) this.onToolCall(id, name, request.arguments);
      // Recorded from its streamed arguments under the API's name: it takes the name its server gave.
      else recorded.name = name;
    }
  }

  /**
   * A tool call's arguments stream in before the model's response ends (`{toolCallId, toolName, inputDelta}`): the
   * call is recorded as soon as they form a whole JSON object — some 20 ms before `assistant.message`, which Copilot
   * writes only as it starts the tools: a trigger case's first-tool mode stops Copilot as early as the stream allows.
   * The `skill` tool answers within milliseconds and the next request follows at once, so its result may still
   * reach the model before the process group is killed. A call that may be an MCP tool's waits for
   * `assistant.message`, which names its server (the delta does not).
   */
  private onToolCallDelta(data: Json): void {
    const id = str(data.toolCallId);
    const delta = str(data.inputDelta);
    const name = str(data.toolName) ?? 'unknown';
    if (!id || delta === undefined || this.recorded.has(id) || mayBeMcpTool(name)) return;
    const text = (this.streamedInput.get(id) ?? '') + delta;
    this.streamedInput.set(id, text);
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      return;
    }
    if (isObject(input)) this.onToolCall(id, name, input);
  }

  private onToolCall(id: string, name: string, input: unknown): void {
    const call = { type: 'tool-call' as const, id, name, input };
    this.recorded.set(id, call);
    this.streamedInput.delete(id);
    this.out.events.push(call);
    for (const skill of skillsOfToolCall(name, input)) this.out.events.push({ type: 'skill', ...skill });
  }

  private onToolComplete(data: Json): void {
    const id = str(data.toolCallId) ?? `tool-${this.out.events.length}`;
    const failed = data.success === false;
    const result = isObject(data.result) ? data.result : {};
    const error = isObject(data.error) ? str(data.error.message) : str(data.error);
    this.out.events.push({
      type: 'tool-result',
      id,
      output: (failed ? (error ?? str(result.content)) : str(result.content)) ?? '',
      isError: failed,
    });
  }

  private onError(message: string): void {
    this.out.events.push({ type: 'error', message });
    this.out.status = 'error';
    this.out.errorMessage = this.out.errorMessage ? `${this.out.errorMessage}\n${message}` : message;
  }
}

/**
 * The skills a tool call shows in use: the `skill` tool names one (`skill`), a `view` of a `SKILL.md` (`path`) reads
 * one, and a `bash` command can read one.
 */
export function skillsOfToolCall(name: string, input: unknown): { name: string; via: 'tool' | 'file-read' }[] {
  if (name === SKILL_TOOL) {
    const skill = skillNameFromInput(input);
    return skill ? [{ name: skill, via: 'tool' }] : [];
  }
  if (!isObject(input)) return [];
  if (name === 'view') {
    const skill = skillNameFromPath(input.path);
    return skill ? [{ name: skill, via: 'file-read' }] : [];
  }
  if (name === 'bash' && typeof input.command === 'string') {
    return skillsReadBy(input.command).map((skill) => ({ name: skill, via: 'file-read' as const }));
  }
  return [];
}

/**
 * Tokens of one process from the file `--usage-output-file` writes when it ends: `modelMetrics.<model>.usage`
 * (`{inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens}`), summed over the models. Undefined when the text
 * is not such a file.
 */
export function readUsageFile(text: string): Usage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || !isObject(parsed.modelMetrics)) return undefined;
  const usage = emptyUsage();
  for (const metrics of Object.values(parsed.modelMetrics)) {
    const tokens = isObject(metrics) && isObject(metrics.usage) ? metrics.usage : {};
    usage.inputTokens += num(tokens.inputTokens);
    usage.outputTokens += num(tokens.outputTokens);
    usage.cacheReadTokens += num(tokens.cacheReadTokens);
    usage.cacheWriteTokens += num(tokens.cacheWriteTokens);
  }
  return usage;
}
