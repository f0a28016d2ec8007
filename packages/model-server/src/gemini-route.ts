import type { ApiAdapter } from './api-adapter.js';
import { geminiHandler } from './gemini-handler.js';

/**
 * `/v1beta/models/<model>:generateContent` and `:streamGenerateContent` (what `@google/genai` calls; `v1` and
 * `v1alpha` too, which `GOOGLE_GENAI_API_VERSION` chooses). The model is part of the path.
 */
const GEMINI_PATH = /^\/(v1|v1beta|v1alpha)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/**
 * The Gemini adapter for one request path: the path's model is the request's, and the method in the path — not a
 * body field, as in the other APIs — says whether the answer streams.
 */
export function geminiRoute(method: string, path: string): ApiAdapter | undefined {
  const match = method === 'POST' ? GEMINI_PATH.exec(path) : null;
  if (!match) return undefined;
  const model = decodeURIComponent(match[2]!);
  const streaming = match[3] === 'streamGenerateContent';
  return {
    ...geminiHandler,
    view: (body) => geminiHandler.view({ ...body, model }),
    build: (response, context) => geminiHandler.build(response, { ...context, body: { ...context.body, model } }),
    streams: () => streaming,
  };
}
