import type { SessionEvent, Usage } from '@skill-eval/core';
import { isJsonObject, jsonString, readJsonLine, skillsReadBy } from '@skill-eval/engine-kit';
import { caseServerName } from './codex-mcp.js';
import { readCodexUsage } from './codex-usage.js';

/**
 * Parser for `codex exec --json` (codex-rs/exec/src/exec_events.rs): one `ThreadEvent` per line,
 * selected by `type`; items by `item.type`; unknown types ignored.
 */

type Json = Record<string, unknown>;

/** Everything one `codex exec` process told us. */
export interface CodexParseResult {
  /** Transcript events in order. */
  events: SessionEvent[];
  /** `thread.started.thread_id`, needed to resume. */
  threadId?: string;
  /** Usage of the last `turn.completed`: a running total for the whole thread, not for this process. */
  threadUsage?: Usage;
  /** Number of `turn.completed` events. */
  turnsCompleted: number;
  /** The last agent message. */
  finalMessage: string;
  /** `completed` after `turn.completed`; `error` after `turn.failed` or an `error` no turn completed after. */
  status?: 'completed' | 'error';
  /** Why the turn failed. */
  errorMessage?: string;
  /** Non-fatal problems codex reported, and lines that could not be read. */
  warnings: string[];
}

export interface CodexParseOptions {
  /** Put before item ids: codex numbers items from `item_0` again in each resumed process. */
  idPrefix?: string;
  /** The name each MCP server went to codex under, by the case's name (see codexServerNames): calls keep the case's. */
  serverNames?: ReadonlyMap<string, string>;
}

const isObject = isJsonObject;
const str = jsonString;

/** Text of an MCP tool result: its text blocks, else its structured content as JSON. */
function mcpResultText(result: unknown): string {
  if (!isObject(result)) return '';
  const blocks = Array.isArray(result.content) ? result.content : [];
  const texts = blocks.map((block) =>
    isObject(block) && typeof block.text === 'string' ? block.text : `[${isObject(block) ? block.type : 'block'}]`,
  );
  if (texts.length > 0) return texts.join('\n');
  return result.structured_content === undefined || result.structured_content === null
    ? ''
    : JSON.stringify(result.structured_content);
}

/** How codex says it cannot connect (with retries off): it then waits for the network, without end. */
const WAITING_FOR_NETWORK = 'Reconnecting... waiting for network';

/** Incremental parser: feed stdout lines as they arrive, then `finish()`. */
export class CodexEventParser {
  private readonly out: CodexParseResult = { events: [], turnsCompleted: 0, finalMessage: '', warnings: [] };
  private readonly calls = new Set<string>();
  private readonly results = new Set<string>();
  private pendingError: string | undefined;
  /** codex's message that it lost its endpoint and waits for the network to come back. */
  private unreachable: string | undefined;
  private lineNo = 0;

  constructor(private readonly options: CodexParseOptions = {}) {}

  /** Feeds one line of output; blank lines are skipped, non-JSON lines become warnings. */
  pushLine(line: string): void {
    const warn = (warning: string) => this.out.warnings.push(warning);
    const event = readJsonLine(line, ++this.lineNo, warn, 'codex output line');
    if (event) this.pushEvent(event);
  }

  /** Feeds one parsed `ThreadEvent`. */
  pushEvent(event: Json): void {
    switch (event.type) {
      case 'thread.started':
        this.out.threadId = str(event.thread_id) ?? this.out.threadId;
        return;
      case 'turn.completed':
        this.out.turnsCompleted++;
        this.out.threadUsage = readCodexUsage(event.usage);
        this.out.status = 'completed';
        if (this.pendingError) this.out.warnings.push(this.pendingError);
        this.pendingError = undefined;
        return;
      case 'turn.failed': {
        const message = (isObject(event.error) ? str(event.error.message) : undefined) ?? 'codex: the turn failed';
        const last = this.out.events.at(-1);
        if (!(last?.type === 'error' && last.message === message)) this.out.events.push({ type: 'error', message });
        this.out.status = 'error';
        this.out.errorMessage = message;
        this.pendingError = undefined;
        return;
      }
      case 'error': {
        const message = str(event.message) ?? 'codex reported an error';
        this.out.events.push({ type: 'error', message });
        this.pendingError = message;
        if (message.startsWith(WAITING_FOR_NETWORK)) this.unreachable ??= message;
        return;
      }
      case 'item.started':
      case 'item.updated':
      case 'item.completed':
        if (isObject(event.item)) this.pushItem(event.item, event.type === 'item.completed');
        return;
      default:
      // turn.started, item.plan.delta, request_user_input and types of later versions carry nothing we keep.
    }
  }

  private pushItem(item: Json, completed: boolean): void {
    const id = `${this.options.idPrefix ?? ''}${str(item.id) ?? `line-${this.lineNo}`}`;
    switch (item.type) {
      case 'agent_message': {
        const text = str(item.text);
        if (!completed || text === undefined) return;
        this.out.events.push({ type: 'message', role: 'assistant', text });
        this.out.finalMessage = text;
        return;
      }
      case 'reasoning': {
        const text = str(item.text);
        if (completed && text) this.out.events.push({ type: 'reasoning', text });
        return;
      }
      case 'command_execution': {
        const command = str(item.command) ?? '';
        if (this.call(id, 'exec_command', { command })) {
          for (const name of skillsReadBy(command)) this.out.events.push({ type: 'skill', name, via: 'file-read' });
        }
        if (completed) {
          const exitCode = typeof item.exit_code === 'number' ? item.exit_code : null;
          const output = str(item.aggregated_output) ?? '';
          const failed = exitCode !== null ? exitCode !== 0 : item.status !== 'completed';
          this.result(id, item.status === 'declined' && !output ? 'declined' : output, failed);
        }
        return;
      }
      case 'file_change': {
        const changes = Array.isArray(item.changes) ? item.changes.filter(isObject) : [];
        this.call(id, 'apply_patch', { changes });
        if (completed) {
          const summary = changes.map((change) => `${str(change.kind) ?? 'update'} ${str(change.path) ?? ''}`);
          this.result(id, summary.join('\n'), item.status !== 'completed');
        }
        return;
      }
      case 'mcp_tool_call': {
        const reported = str(item.server);
        const names = this.options.serverNames;
        const server = reported !== undefined && names ? caseServerName(names, reported) : reported;
        const name = `${server ?? 'mcp'}::${str(item.tool) ?? 'tool'}`;
        this.call(id, name, item.arguments ?? {});
        if (completed) {
          const error = isObject(item.error) ? str(item.error.message) : undefined;
          this.result(id, error ?? mcpResultText(item.result), error !== undefined || item.status === 'failed');
        }
        return;
      }
      case 'web_search': {
        this.call(id, 'web_search', { query: str(item.query) ?? '', ...(item.action ? { action: item.action } : {}) });
        if (completed) this.result(id, '', false);
        return;
      }
      case 'error': {
        const message = str(item.message);
        if (!completed || !message) return;
        this.out.events.push({ type: 'error', message });
        this.out.warnings.push(message);
        return;
      }
      default:
      // plan, todo_list, collab_tool_call and newer item types are not part of the session.
    }
  }

  /** Emits the tool-call event the first time an item is seen; true when it did. */
  private call(id: string, name: string, input: unknown): boolean {
    if (this.calls.has(id)) return false;
    this.calls.add(id);
    this.out.events.push({ type: 'tool-call', id, name, input });
    return true;
  }

  private result(id: string, output: string, isError: boolean): void {
    if (this.results.has(id)) return;
    this.results.add(id);
    this.out.events.push({ type: 'tool-result', id, output, isError });
  }

  /** The events parsed so far, as they arrive (so a run can be stopped mid-stream). */
  eventsSoFar(): readonly SessionEvent[] {
    return this.out.events;
  }

  /** The result so far; an `error` that no `turn.completed` followed makes the status `error`. */
  /** codex could not connect to its endpoint and waits for the network, which no retry of its own will bring. */
  fatal(): string | undefined {
    if (!this.unreachable) return undefined;
    return `codex cannot reach its model endpoint (${this.unreachable}); check the base URL (--ek baseUrl, OPENAI_BASE_URL) and that the server is up.`;
  }

  finish(): CodexParseResult {
    if (this.out.status === undefined && this.pendingError !== undefined) {
      this.out.status = 'error';
      this.out.errorMessage = this.pendingError;
    }
    return { ...this.out, events: [...this.out.events], warnings: [...this.out.warnings] };
  }
}

/** Parses a whole `codex exec --json` output. */
export function parseCodexEvents(text: string, options: CodexParseOptions = {}): CodexParseResult {
  const parser = new CodexEventParser(options);
  for (const line of text.split('\n')) parser.pushLine(line);
  return parser.finish();
}
