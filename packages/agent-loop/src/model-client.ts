import type { Usage } from '@skill-eval/core';

/** A JSON Schema object, as every provider accepts it for tool inputs. */
export type JsonSchema = Record<string, unknown>;

/** A tool offered to the model, in provider-neutral form. */
export interface ToolDefinition {
  /** Name the model calls the tool by. */
  name: string;
  /** What the tool does, shown to the model. */
  description: string;
  /** JSON Schema of the tool's input object. */
  inputSchema: JsonSchema;
}

/** One tool call the model asked for. */
export interface ToolCallRequest {
  /** Provider's id of the call, echoed back with its result. */
  id: string;
  name: string;
  input: unknown;
}

/** Result of running one tool call. */
export interface ToolCallResult {
  /** Id of the call this answers. */
  id: string;
  output: string;
  isError: boolean;
}

/** One entry of the conversation, provider-neutral; clients map it to their wire format. */
export type ConversationItem =
  | { role: 'user'; text: string }
  | {
      role: 'assistant';
      text: string;
      toolCalls: ToolCallRequest[];
      /** The provider's own content for this message, replayed verbatim by the client that produced it. */
      raw?: unknown;
    }
  | { role: 'tool-results'; results: ToolCallResult[] };

/** What one model call returned. */
export interface ModelReply {
  /** Assistant text of this reply (text blocks joined). */
  text: string;
  /** Reasoning the provider showed (summaries, thinking), for the transcript only; never replayed from here. */
  reasoning?: string;
  toolCalls: ToolCallRequest[];
  usage: Usage;
  /** Model that answered. */
  model: string;
  /** Provider's stop reason (`end_turn`, `tool_use`, …). */
  stopReason: string | null;
  /** The reply stopped at its output token limit, so its last tool call may be cut off. */
  outputLimitReached?: boolean;
  /** Provider's own content, kept for replay. */
  raw?: unknown;
}

/** A model endpoint the agent loop can drive. Throws SkillEvalError ENGINE_FAILED on API errors. */
export interface ModelClient {
  call(
    conversation: readonly ConversationItem[],
    tools: readonly ToolDefinition[],
    system: string,
    signal: AbortSignal,
  ): Promise<ModelReply>;
}

/** Receives raw request/response records for the transcript. */
export type TranscriptRecorder = (entry: Record<string, unknown>) => void;
