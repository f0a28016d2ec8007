import { anthropicHandler } from './anthropic-handler.js';
import type { ApiAdapter } from './api-adapter.js';
import { geminiRoute } from './gemini-route.js';
import { openaiChatHandler } from './openai-chat-handler.js';
import { openaiResponsesHandler } from './openai-responses-handler.js';
import { isRecord } from './request-view.js';

/** The model API routes the fake server answers, by `METHOD /path`. */
export const MODEL_ROUTES: Record<string, ApiAdapter> = {
  'POST /v1/messages': anthropicHandler,
  'POST /v1/responses': openaiResponsesHandler,
  'POST /v1/chat/completions': openaiChatHandler,
};

/** The adapter of a model API route: a fixed path, else a Gemini path (which names the model). */
export function modelRoute(method: string, path: string): ApiAdapter | undefined {
  return MODEL_ROUTES[`${method} ${path}`] ?? geminiRoute(method, path);
}

/** The model and step of a model API call (what replays match on); empty for any other request. */
export function modelTurn(method: string, path: string, body: unknown): { model?: string; step?: number } {
  const adapter = modelRoute(method, path);
  if (!adapter || !isRecord(body)) return {};
  const view = adapter.view(body);
  return { model: view.model, step: view.step };
}

const SCOPED = /^\/x\/([^/]+)(\/.*)?$/;

/** Splits `/x/<scope>/rest` into the scope and `/rest`; other paths have no scope. */
export function splitScope(path: string): { scope?: string; path: string } {
  const match = SCOPED.exec(path);
  if (!match) return { path };
  return { scope: decodeURIComponent(match[1]!), path: match[2] || '/' };
}
