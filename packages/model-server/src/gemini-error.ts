import type { ErrorReply } from './error-shapes.js';

/** The canonical status names of Google APIs (google.rpc.Code), by HTTP status. */
const GOOGLE_STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  408: 'DEADLINE_EXCEEDED',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** `{"error":{code,message,status}}` as the Gemini API (every Google API) answers. */
export function geminiError(
  status: number,
  message: string,
  type?: string,
  headers: Record<string, string> = {},
): ErrorReply {
  const name = type ?? GOOGLE_STATUSES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
  return { status, headers, body: { error: { code: status, message, status: name } } };
}
