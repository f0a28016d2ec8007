import { newId } from './ids.js';

/** An error answer: status, headers and body in one API's shape. */
export interface ErrorReply {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const ANTHROPIC_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  408: 'timeout_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const OPENAI_CODES: Record<number, string> = {
  401: 'invalid_api_key',
  404: 'unknown_url',
  429: 'rate_limit_exceeded',
};

/** `{"type":"error","error":{type,message},"request_id"}` as the Messages API answers. */
export function anthropicError(
  status: number,
  message: string,
  type?: string,
  headers: Record<string, string> = {},
): ErrorReply {
  const requestId = newId('req_');
  const errorType = type ?? ANTHROPIC_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return {
    status,
    headers: { 'request-id': requestId, ...headers },
    body: { type: 'error', error: { type: errorType, message }, request_id: requestId },
  };
}

/** `{"error":{message,type,param,code}}` as the OpenAI APIs answer. */
export function openaiError(
  status: number,
  message: string,
  type?: string,
  headers: Record<string, string> = {},
): ErrorReply {
  const errorType = type ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
  return {
    status,
    headers: { 'x-request-id': newId('req_'), ...headers },
    body: { error: { message, type: errorType, param: null, code: OPENAI_CODES[status] ?? null } },
  };
}
