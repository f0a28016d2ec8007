import type { ServerResponse } from 'node:http';
import type { ErrorReply } from './error-shapes.js';
import type { RequestView } from './request-view.js';
import type { FakeResponse } from './script.js';
import type { TurnUsage } from './usage.js';

/** Which API a request spoke. */
export type FakeApi = 'anthropic' | 'openai-responses' | 'openai-chat' | 'gemini';

/** A JSON object body. */
export type JsonObject = Record<string, unknown>;

/** What one model API contributes: reading requests, building and streaming answers, its error shape. */
export interface ApiAdapter {
  api: FakeApi;
  /** The request as matching sees it. */
  view(body: JsonObject): RequestView;
  /** The native non-streaming body for a scripted response. */
  build(response: FakeResponse, context: { body: JsonObject; usage: TurnUsage }): JsonObject;
  /** True when a recorded `raw` body belongs to this API. */
  isNative(raw: JsonObject): boolean;
  /** Whether the answer is streamed; default: the body's `stream: true`. */
  streams?(body: JsonObject): boolean;
  /** Re-sends a native body as this API's SSE event sequence and ends the answer. */
  stream(res: ServerResponse, body: JsonObject, request: JsonObject): void;
  /** An error in this API's shape. */
  error(status: number, message: string, type?: string, headers?: Record<string, string>): ErrorReply;
}
