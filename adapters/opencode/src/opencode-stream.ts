import { addUsage, emptyUsage, type SessionEvent, type SessionStatus, type Usage } from '@skill-eval/core';
import {
  isJsonObject,
  jsonNumber,
  jsonString,
  readJsonLine,
  skillNameFromInput,
  skillNameFromPath,
  skillsReadBy,
} from '@skill-eval/engine-kit';
import { normalizeOpencodeToolName } from './opencode-mcp.js';

/**
 * Parser for `opencode run --format json`: one JSON object per line, `{type, timestamp, sessionID, ...}`, written by
 * the run command of opencode 1.18.33 as it follows the session's bus events: `step_start` and `step_finish` (a model
 * request; the finish carries its `tokens` and `cost`), `tool_use` (a tool part once its state is `completed` or
 * `error`: the call and its result at once), `text` (an assistant text part once ended), `reasoning` (only with
 * `--thinking`), `error` (a session error, `{error: {name, data: {message}}}`). Unknown types are ignored.
 */

type Json = Record<string, unknown>;

/** The tool opencode calls to load a skill's body (its `skill` tool, `{name}`). */
export const SKILL_TOOL = 'skill';

/** Everything one stream (one process) told us. */
export interface OpencodeParseResult {
  /** Transcript events in order. */
  events: SessionEvent[];
  /** Tokens summed over the step_finish events. */
  usage: Usage;
  /** Cost in USD summed over the step_finish events (opencode prices each step from its model catalogue). */
  costUsd: number;
  /** Model requests: one per step_finish. */
  turns: number;
  /** The session id every event names, to continue it with `--session`. */
  sessionId?: string;
  /** The final answer: the assistant text after the last tool call. */
  finalMessage: string;
  /** `error` when the stream reported a session error. */
  status?: SessionStatus;
  /** The session errors' messages. */
  errorMessage?: string;
  /** Lines that could not be read. */
  warnings: string[];
}

const isObject = isJsonObject;
const str = jsonString;
const num = (value: unknown): number => jsonNumber(value) ?? 0;

/**
 * A step's `tokens` (`{input, output, reasoning, cache: {read, write}}`, opencode's StepFinishPart): `input` is the
 * prompt without its cached part, and `output` does not hold the reasoning.
 */
export function readTokens(tokens: Json): Usage {
  const usage = emptyUsage();
  const cache = isObject(tokens.cache) ? tokens.cache : {};
  usage.inputTokens = num(tokens.input);
  usage.outputTokens = num(tokens.output);
  usage.reasoningTokens = num(tokens.reasoning);
  usage.cacheReadTokens = num(cache.read);
  usage.cacheWriteTokens = num(cache.write);
  return usage;
}

/** Incremental parser: feed lines as they arrive, then `finish()`. */
export class OpencodeStreamParser {
  private readonly out: OpencodeParseResult = {
    events: [],
    usage: emptyUsage(),
    costUsd: 0,
    turns: 0,
    finalMessage: '',
    warnings: [],
  };
  private lineNo = 0;
  private readonly mcpServers: readonly string[];

  /** `mcpServers`: names of the MCP servers handed to opencode, whose `<server>_<tool>` calls become `server::tool`. */
  constructor(options: { mcpServers?: readonly string[] } = {}) {
    this.mcpServers = options.mcpServers ?? [];
  }

  /** Feeds one line of output; blank lines are skipped, non-JSON lines become warnings. */
  pushLine(line: string): void {
    const event = readJsonLine(line, ++this.lineNo, (warning) => this.out.warnings.push(warning));
    if (event) this.pushEvent(event);
  }

  /** Feeds one parsed stream event. */
  pushEvent(event: Json): void {
    this.out.sessionId ??= str(event.sessionID);
    const part = isObject(event.part) ? event.part : {};
    switch (event.type) {
      case 'text':
        this.onText(str(part.text) ?? '');
        break;
      case 'tool_use':
        this.onToolUse(part);
        break;
      case 'step_finish':
        this.out.turns++;
        if (isObject(part.tokens)) this.out.usage = addUsage(this.out.usage, readTokens(part.tokens));
        this.out.costUsd += num(part.cost);
        break;
      case 'error':
        this.onError(event.error);
        break;
      default:
        // step_start, reasoning, and anything a later version adds.
        break;
    }
  }

  /** The events parsed so far, as they arrive (so a run can be stopped mid-stream). */
  eventsSoFar(): readonly SessionEvent[] {
    return this.out.events;
  }

  finish(): OpencodeParseResult {
    return this.out;
  }

  private onText(text: string): void {
    if (!text) return;
    this.out.events.push({ type: 'message', role: 'assistant', text });
    if (text.trim()) this.out.finalMessage = text;
  }

  private onToolUse(part: Json): void {
    const name = normalizeOpencodeToolName(str(part.tool) ?? 'unknown', this.mcpServers);
    const id = str(part.callID) ?? str(part.id) ?? `tool-${this.out.events.length}`;
    const state = isObject(part.state) ? part.state : {};
    const input = state.input;
    this.out.events.push({ type: 'tool-call', id, name, input });
    // A tool call after text means the text was not the answer.
    this.out.finalMessage = '';
    for (const skill of skillsOfToolCall(name, input)) this.out.events.push({ type: 'skill', ...skill });
    const failed = state.status === 'error';
    this.out.events.push({
      type: 'tool-result',
      id,
      output: (failed ? str(state.error) : str(state.output)) ?? '',
      isError: failed,
    });
  }

  private onError(error: unknown): void {
    const info = isObject(error) ? error : {};
    const data = isObject(info.data) ? info.data : {};
    const message = str(data.message) ?? str(info.name) ?? 'opencode reported an error';
    this.out.events.push({ type: 'error', message });
    this.out.status = 'error';
    this.out.errorMessage = this.out.errorMessage ? `${this.out.errorMessage}\n${message}` : message;
  }
}

/**
 * The skills a tool call shows in use: the `skill` tool names one (`name`), a `read` of a `SKILL.md` (`filePath`)
 * reads one, and a `bash` command can read one.
 */
export function skillsOfToolCall(name: string, input: unknown): { name: string; via: 'tool' | 'file-read' }[] {
  if (name === SKILL_TOOL) {
    const skill = skillNameFromInput(input);
    return skill ? [{ name: skill, via: 'tool' }] : [];
  }
  if (!isObject(input)) return [];
  if (name === 'read') {
    const skill = skillNameFromPath(input.filePath);
    return skill ? [{ name: skill, via: 'file-read' }] : [];
  }
  if (name === 'bash' && typeof input.command === 'string') {
    return skillsReadBy(input.command).map((skill) => ({ name: skill, via: 'file-read' as const }));
  }
  return [];
}
