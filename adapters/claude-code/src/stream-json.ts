import { addUsage, emptyUsage, type SessionEvent, type SessionStatus, type Usage } from '@skill-eval/core';
import {
  isJsonObject,
  jsonNumber,
  jsonString,
  priceUsage,
  readJsonLine,
  skillNameFromInput,
  skillNameFromPath,
} from '@skill-eval/engine-kit';
import { normalizeClaudeToolName } from './claude-mcp.js';

/**
 * Parser for the Claude-Code-style `--output-format stream-json` protocol (claude, qodercli, the Agent SDK):
 * one JSON object per line, selected by `type`/`subtype`, unknown types ignored.
 */

type Json = Record<string, unknown>;

/** What the `result` event said about how the run ended. */
export interface StreamResultInfo {
  /** `is_error` of the result event (the subtype alone does not tell: API errors come as `success`). */
  isError: boolean;
  subtype?: string;
  terminalReason?: string;
  /** The result text (final answer, or the error text). */
  text?: string;
  /** `errors[]` of error results. */
  errors: string[];
}

/** Everything one stream (one process) told us. */
export interface StreamParseResult<Extras = undefined> {
  /** Transcript events in order. */
  events: SessionEvent[];
  /** Token usage of this process, from the `result` event. */
  usage: Usage;
  /** Cost of this process alone (on `--resume`, `total_cost_usd` is cumulative for the session; this is not). */
  costUsd?: number;
  /** `total_cost_usd` as reported. */
  totalCostUsd?: number;
  /** `duration_ms` of the result event. */
  durationMs?: number;
  /** `num_turns` of the result event. */
  turns?: number;
  /** Model from the init event or the first real assistant message. */
  model?: string;
  sessionId?: string;
  /** Version the program reported in its init event. */
  version?: string;
  /** The final answer: the result text, else the last assistant text. */
  finalMessage: string;
  /** Present when a `result` event was seen. */
  result?: StreamResultInfo;
  /** How the stream says the run ended; undefined when no result event came. */
  status?: SessionStatus;
  /** Why it failed, when status is error or max-turns. */
  errorMessage?: string;
  /** Lines that could not be read, and similar oddities. */
  warnings: string[];
  /** Whatever `readResultExtras` picked from the result event (e.g. qodercli's `total_credits`). */
  extras?: Extras;
}

export interface StreamParseOptions<Extras = undefined> {
  /** Picks engine-specific fields from the raw `result` event. */
  readResultExtras?: (result: Json) => Extras;
  /** Names of the MCP servers handed to the agent, so `mcp__<server>__<tool>` becomes `server::tool` exactly. */
  mcpServers?: readonly string[];
}

const SKILL_BASE_DIR = 'Base directory for this skill:';

const isObject = isJsonObject;
const str = jsonString;
const num = jsonNumber;

/** Text of a tool_result `content`: a string or an array of blocks. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : JSON.stringify(content);
  return content
    .map((block) => {
      if (!isObject(block)) return String(block);
      if (typeof block.text === 'string') return block.text;
      return `[${str(block.type) ?? 'block'}]`;
    })
    .join('\n');
}

function readUsage(raw: unknown): Usage {
  const usage = emptyUsage();
  if (!isObject(raw)) return usage;
  usage.inputTokens = num(raw.input_tokens) ?? 0;
  usage.outputTokens = num(raw.output_tokens) ?? 0;
  usage.cacheReadTokens = num(raw.cache_read_input_tokens) ?? 0;
  usage.cacheWriteTokens = num(raw.cache_creation_input_tokens) ?? 0;
  return usage;
}

/** Cost of this process: the per-process model usage when reported (resume makes total_cost_usd cumulative). */
function processCost(result: Json): number | undefined {
  const since = result.model_usage_since_last_result;
  if (isObject(since)) {
    const costs = Object.values(since).map((entry) => (isObject(entry) ? num(entry.costUSD) : undefined));
    if (costs.length > 0 && costs.every((cost) => cost !== undefined)) {
      return costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0);
    }
  }
  return num(result.total_cost_usd);
}

/** Incremental parser: feed lines (or already-parsed objects) as they arrive, then `finish()`. */
export class StreamJsonParser<Extras = undefined> {
  private readonly out: StreamParseResult<Extras> = {
    events: [],
    usage: emptyUsage(),
    finalMessage: '',
    warnings: [],
  };
  private readonly seenBlocks = new Set<string>();
  /** Each model call's usage, by message id: what a run stopped before its `result` event spent. */
  private readonly callUsage = new Map<string, Usage>();
  private lastAssistantText = '';
  private lineNo = 0;

  constructor(private readonly options: StreamParseOptions<Extras> = {}) {}

  /** Feeds one line of output; blank lines are skipped, non-JSON lines become warnings. */
  pushLine(line: string): void {
    const event = readJsonLine(line, ++this.lineNo, (warning) => this.out.warnings.push(warning));
    if (event) this.pushEvent(event);
  }

  /** Feeds one parsed stream event. */
  pushEvent(event: Json): void {
    switch (event.type) {
      case 'system':
        if (event.subtype === 'init') this.onInit(event);
        break;
      case 'assistant':
        this.onAssistant(event);
        break;
      case 'user':
        this.onUser(event);
        break;
      case 'result':
        this.onResult(event);
        break;
      default:
        // stream_event, rate_limit_event, hook_*, task_* …: not part of the transcript.
        break;
    }
  }

  /** The events parsed so far, as they arrive (so a run can be stopped mid-stream). */
  eventsSoFar(): readonly SessionEvent[] {
    return this.out.events;
  }

  /**
   * The parse so far. A run stopped before its `result` event (a first-tool trigger run, a timeout) counts the usage
   * its assistant messages reported, priced by their model, rather than nothing.
   */
  finish(): StreamParseResult<Extras> {
    if (!this.out.finalMessage) this.out.finalMessage = this.lastAssistantText;
    if (!this.out.result && this.callUsage.size > 0) {
      this.out.usage = [...this.callUsage.values()].reduce(addUsage, emptyUsage());
      if (this.out.model) this.out.costUsd = priceUsage(this.out.model, this.out.usage);
    }
    return this.out;
  }

  private onInit(event: Json): void {
    this.out.sessionId ??= str(event.session_id);
    this.out.model ??= str(event.model);
    this.out.version ??= str(event.claude_code_version) ?? str(event.qodercli_version);
  }

  private onAssistant(event: Json): void {
    const message = event.message;
    if (!isObject(message)) return;
    this.out.sessionId ??= str(event.session_id);
    const model = str(message.model);
    // The CLI reports API failures as an assistant message from the "<synthetic>" model.
    const synthetic = model === '<synthetic>' || event.is_api_error_message === true;
    if (model && !synthetic) this.out.model ??= model;
    const content = Array.isArray(message.content) ? message.content : [];
    const messageId = str(message.id) ?? str(event.uuid) ?? '';
    // Every content block of one call repeats its usage, the last one complete: the latest is kept.
    if (!synthetic && isObject(message.usage)) this.callUsage.set(messageId, readUsage(message.usage));
    for (const block of content) {
      if (!isObject(block)) continue;
      // One event per content block shares the message id; a replayed block must not count twice.
      const key = `${messageId}:${JSON.stringify(block)}`;
      if (this.seenBlocks.has(key)) continue;
      this.seenBlocks.add(key);
      if (block.type === 'text' && typeof block.text === 'string') {
        if (synthetic) {
          this.out.events.push({ type: 'error', message: block.text });
        } else {
          this.out.events.push({ type: 'message', role: 'assistant', text: block.text });
          if (block.text.trim()) this.lastAssistantText = block.text;
        }
      } else if (block.type === 'thinking' && typeof block.thinking === 'string' && block.thinking) {
        this.out.events.push({ type: 'reasoning', text: block.thinking });
      } else if (block.type === 'tool_use') {
        this.onToolUse(block);
      }
    }
  }

  private onToolUse(block: Json): void {
    const id = str(block.id) ?? `tool-${this.out.events.length}`;
    const name = str(block.name) ?? 'unknown';
    this.out.events.push({
      type: 'tool-call',
      id,
      name: normalizeClaudeToolName(name, this.options.mcpServers),
      input: block.input,
    });
    if (name === 'Skill') {
      const skill = skillNameFromInput(block.input);
      if (skill) this.out.events.push({ type: 'skill', name: skill, via: 'tool' });
    } else if (name === 'Read' && isObject(block.input)) {
      const skill = skillNameFromPath(block.input.file_path ?? block.input.path);
      if (skill) this.out.events.push({ type: 'skill', name: skill, via: 'file-read' });
    }
  }

  private onUser(event: Json): void {
    const message = event.message;
    if (!isObject(message)) return;
    const content = message.content;
    if (typeof content === 'string') {
      this.onUserText(content, event);
      return;
    }
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isObject(block)) continue;
      if (block.type === 'tool_result') {
        this.out.events.push({
          type: 'tool-result',
          id: str(block.tool_use_id) ?? '',
          output: contentText(block.content),
          isError: block.is_error === true,
        });
      } else if (block.type === 'text' && typeof block.text === 'string') {
        this.onUserText(block.text, event);
      }
    }
  }

  private onUserText(text: string, event: Json): void {
    // The skill body the CLI injects after a Skill call is not something the user said.
    if (event.isSynthetic === true || event.isReplay === true || text.startsWith(SKILL_BASE_DIR)) return;
    this.out.events.push({ type: 'message', role: 'user', text });
  }

  private onResult(event: Json): void {
    const isError = event.is_error === true;
    const errors = Array.isArray(event.errors)
      ? event.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)))
      : [];
    const info: StreamResultInfo = {
      isError,
      subtype: str(event.subtype),
      terminalReason: str(event.terminal_reason),
      text: str(event.result),
      errors,
    };
    this.out.result = info;
    this.out.sessionId ??= str(event.session_id);
    this.out.usage = readUsage(event.usage);
    this.out.costUsd = processCost(event);
    this.out.totalCostUsd = num(event.total_cost_usd);
    this.out.durationMs = num(event.duration_ms);
    this.out.turns = num(event.num_turns);
    if (this.options.readResultExtras) this.out.extras = this.options.readResultExtras(event);
    if (!isError) {
      this.out.status = 'completed';
      if (info.text) this.out.finalMessage = info.text;
      return;
    }
    const maxTurns = info.subtype === 'error_max_turns' || info.terminalReason === 'max_turns';
    this.out.status = maxTurns ? 'max-turns' : 'error';
    this.out.errorMessage =
      [info.text, ...errors].filter((part): part is string => !!part && part.trim() !== '').join('; ') ||
      `run ended with ${info.subtype ?? 'an error'}`;
  }
}

/** Parses a whole stream: JSONL text, lines, or parsed objects. */
export function parseStreamJson<Extras = undefined>(
  input: string | Iterable<string | Json>,
  options: StreamParseOptions<Extras> = {},
): StreamParseResult<Extras> {
  const parser = new StreamJsonParser<Extras>(options);
  const items = typeof input === 'string' ? input.split(/\r?\n/) : input;
  for (const item of items) {
    if (typeof item === 'string') parser.pushLine(item);
    else parser.pushEvent(item);
  }
  return parser.finish();
}
