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
import { normalizeGeminiToolName } from './gemini-mcp.js';

/**
 * Parser for gemini's `--output-format stream-json`: one JSON object per line, selected by `type` (JsonStreamEventType
 * of gemini 0.61.0, bundle/chunk-JDPZ4CE3.js:360438: init, message, tool_use, tool_result, error, result), emitted by
 * runNonInteractive (bundle/gemini-3HFX2LNT.js:12020; tool_use :12223, the result event's error types from handleError
 * :11327 and handleMaxTurnsExceededError). Unknown types are ignored.
 */

type Json = Record<string, unknown>;

/** The tool gemini calls to load a skill's body (ActivateSkillTool). */
export const ACTIVATE_SKILL = 'activate_skill';

/** Everything one stream (one process) told us. */
export interface GeminiParseResult {
  /** Transcript events in order; the user's prompt, which gemini echoes, left out (the runner records it). */
  events: SessionEvent[];
  /** Token usage of this process, from the `result` event's stats. */
  usage: Usage;
  /** `stats.duration_ms` of the result event. */
  durationMs?: number;
  /** Model requests: one per model that answered… gemini reports no turn count, so this counts model replies. */
  turns: number;
  /** Model of the init event, else the one the stats name. */
  model?: string;
  sessionId?: string;
  /** The final answer: the assistant text after the last tool call. */
  finalMessage: string;
  /** How the stream says the run ended; undefined when no result event came. */
  status?: SessionStatus;
  /** Why it failed, when status is error or max-turns. */
  errorMessage?: string;
  /** Lines that could not be read, and gemini's warnings. */
  warnings: string[];
}

const isObject = isJsonObject;
const str = jsonString;
const num = jsonNumber;

/**
 * The result's `stats` (StreamJsonFormatter.convertToStreamStats, chunk-JDPZ4CE3.js:381179): `input_tokens` is the prompt with its cached part,
 * `input` the prompt without it, `output_tokens` the candidates. Thoughts are counted only in `total_tokens` (the API's
 * totalTokenCount, uiTelemetryService.processApiResponse, chunk-JDPZ4CE3.js:286870), so they are what the total has beyond prompt and output.
 */
export function readStats(stats: Json): Usage {
  const usage = emptyUsage();
  const prompt = num(stats.input_tokens) ?? 0;
  const cached = num(stats.cached) ?? 0;
  usage.inputTokens = num(stats.input) ?? Math.max(0, prompt - cached);
  usage.cacheReadTokens = cached;
  usage.outputTokens = num(stats.output_tokens) ?? 0;
  usage.reasoningTokens = Math.max(0, (num(stats.total_tokens) ?? 0) - prompt - usage.outputTokens);
  return usage;
}

/** The error types gemini's result event gives a run stopped by its turn limit (FatalTurnLimitedError). */
const TURN_LIMIT = new Set(['FatalTurnLimitedError']);

/** Incremental parser: feed lines as they arrive, then `finish()`. */
export class GeminiStreamParser {
  private readonly out: GeminiParseResult = {
    events: [],
    usage: emptyUsage(),
    turns: 0,
    finalMessage: '',
    warnings: [],
  };
  /** Assistant text deltas not yet closed by another event. */
  private pendingText = '';
  private lineNo = 0;

  /** `mcpServers`: the MCP servers handed to gemini, so `mcp_<server>_<tool>` becomes `server::tool` exactly. */
  constructor(private readonly options: { mcpServers?: readonly string[] } = {}) {}

  /** Feeds one line of output; blank lines are skipped, non-JSON lines become warnings. */
  pushLine(line: string): void {
    const event = readJsonLine(line, ++this.lineNo, (warning) => this.out.warnings.push(warning));
    if (event) this.pushEvent(event);
  }

  /** Feeds one parsed stream event. */
  pushEvent(event: Json): void {
    if (event.type === 'message' && event.role === 'assistant') {
      this.pendingText += str(event.content) ?? '';
      return;
    }
    this.closeMessage();
    switch (event.type) {
      case 'init':
        this.out.sessionId ??= str(event.session_id);
        this.out.model ??= str(event.model);
        break;
      case 'tool_use':
        this.onToolUse(event);
        break;
      case 'tool_result':
        this.out.events.push({
          type: 'tool-result',
          id: str(event.tool_id) ?? '',
          output: str(event.output) ?? (isObject(event.error) ? (str(event.error.message) ?? '') : ''),
          isError: event.status === 'error',
        });
        break;
      case 'error':
        this.onError(event);
        break;
      case 'result':
        this.onResult(event);
        break;
      default:
        // The echoed user prompt, and anything a later version adds.
        break;
    }
  }

  /** The events parsed so far, as they arrive (so a run can be stopped mid-stream). */
  eventsSoFar(): readonly SessionEvent[] {
    return this.out.events;
  }

  /** The parse so far; a run stopped before its result event still counts the model replies it saw. */
  finish(): GeminiParseResult {
    this.closeMessage();
    this.out.turns = this.modelReplies();
    return this.out;
  }

  /** Text deltas up to another event are one assistant message; the last one before the end is the answer. */
  private closeMessage(): void {
    if (!this.pendingText) return;
    this.out.events.push({ type: 'message', role: 'assistant', text: this.pendingText });
    if (this.pendingText.trim()) this.out.finalMessage = this.pendingText;
    this.pendingText = '';
  }

  private onToolUse(event: Json): void {
    const name = str(event.tool_name) ?? 'unknown';
    const input = event.parameters;
    this.out.events.push({
      type: 'tool-call',
      id: str(event.tool_id) ?? `tool-${this.out.events.length}`,
      name: normalizeGeminiToolName(name, this.options.mcpServers ?? []),
      input,
    });
    // A tool call after text means the text was not the answer.
    this.out.finalMessage = '';
    for (const skill of skillsOfToolCall(name, input)) this.out.events.push({ type: 'skill', ...skill });
  }

  private onError(event: Json): void {
    const message = str(event.message) ?? 'gemini reported an error';
    if (event.severity === 'error') this.out.events.push({ type: 'error', message });
    else this.out.warnings.push(message);
  }

  private onResult(event: Json): void {
    const stats = isObject(event.stats) ? event.stats : {};
    this.out.usage = readStats(stats);
    const duration = num(stats.duration_ms);
    // Error results carry no duration (0): the engine's clock then measures the turn.
    if (duration) this.out.durationMs = duration;
    const answered = mainModel(stats.models);
    // The init event names the model asked for, which may be an alias gemini routes (`auto`): the stats name the one
    // that answered.
    if (answered && (!this.out.model || this.out.model.startsWith('auto'))) this.out.model = answered;
    if (event.status === 'success') {
      this.out.status = 'completed';
      return;
    }
    const error = isObject(event.error) ? event.error : {};
    this.out.status = TURN_LIMIT.has(str(error.type) ?? '') ? 'max-turns' : 'error';
    this.out.errorMessage = str(error.message) ?? `gemini ended with status ${str(event.status) ?? 'unknown'}`;
  }

  /** Model replies seen: each batch of tool calls is one, and the answer that ended the turn another. */
  private modelReplies(): number {
    let replies = 0;
    let inCalls = false;
    for (const event of this.out.events) {
      if (event.type === 'tool-call') {
        if (!inCalls) replies++;
        inCalls = true;
      } else if (event.type === 'tool-result') {
        inCalls = false;
      }
    }
    return replies + (this.out.finalMessage ? 1 : 0);
  }
}

/** The model that wrote the most of a run (the stats' `models`, by output tokens): a router's model writes little. */
function mainModel(models: unknown): string | undefined {
  if (!isObject(models)) return undefined;
  const output = (name: string) => {
    const entry = models[name];
    return isObject(entry) ? (num(entry.output_tokens) ?? 0) : 0;
  };
  return Object.keys(models).sort((a, b) => output(b) - output(a))[0];
}

/**
 * The skills a tool call shows in use: `activate_skill` names one (its `name` parameter, ActivateSkillTool's
 * schema), a `read_file` of a `SKILL.md` (its `file_path`, or `absolute_path` of older versions) reads one, and a
 * shell command can read one.
 */
export function skillsOfToolCall(name: string, input: unknown): { name: string; via: 'tool' | 'file-read' }[] {
  if (name === ACTIVATE_SKILL) {
    const skill = skillNameFromInput(input);
    return skill ? [{ name: skill, via: 'tool' }] : [];
  }
  if (!isObject(input)) return [];
  if (name === 'read_file') {
    const skill = skillNameFromPath(input.file_path ?? input.absolute_path ?? input.path);
    return skill ? [{ name: skill, via: 'file-read' }] : [];
  }
  if (name === 'run_shell_command' && typeof input.command === 'string') {
    return skillsReadBy(input.command).map((skill) => ({ name: skill, via: 'file-read' as const }));
  }
  return [];
}
