import type { ServerResponse } from 'node:http';
import type { ModelApi } from '@skill-eval/core';
import { anthropicError, type ErrorReply, openaiError } from './error-shapes.js';
import { HOP_HEADERS } from './exchange.js';
import { geminiError } from './gemini-error.js';

/** One request on its way to the real endpoint. */
export interface Relayed {
  target: string;
  method: string;
  headers: Headers;
  body: Buffer;
  /** Which API's error shape answers when the endpoint cannot be reached. */
  api: ModelApi;
}

/** What the client received: the status, the headers worth keeping, and the body bytes as they went out. */
export interface RelayedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Forwards a request and streams the answer back to `res` as it arrives (SSE stays live), keeping every byte sent.
 * Undefined when the client went away before any answer: nothing was exchanged.
 */
export async function relay(request: Relayed, res: ServerResponse): Promise<RelayedAnswer | undefined> {
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const chunks: Buffer[] = [];
  const answer = { status: 502, headers: {} as Record<string, string> };
  try {
    const upstream = await fetch(request.target, {
      method: request.method,
      headers: request.headers,
      ...(request.body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD'
        ? { body: request.body }
        : {}),
      redirect: 'manual',
      signal: abort.signal,
    });
    answer.status = upstream.status;
    upstream.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name)) answer.headers[name] = value;
    });
    res.writeHead(answer.status, answer.headers);
    res.flushHeaders();
    if (upstream.body) {
      for await (const chunk of upstream.body) {
        const buffer = Buffer.from(chunk);
        chunks.push(buffer);
        res.write(buffer);
      }
    }
    res.end();
  } catch (error) {
    if (abort.signal.aborted && res.headersSent) {
      // The client stopped reading (an early stop): keep what it had received.
    } else if (abort.signal.aborted) {
      return undefined;
    } else if (res.headersSent) {
      res.destroy();
    } else {
      chunks.push(answerUnreachable(request, error as Error, answer.headers, res));
    }
  }
  return { ...answer, body: Buffer.concat(chunks) };
}

/** Each API's error body, as its real endpoint would answer. */
const ERROR_SHAPES: Record<ModelApi, (status: number, message: string) => ErrorReply> = {
  anthropic: anthropicError,
  openai: openaiError,
  gemini: geminiError,
};

/** Answers 502 in the called API's error shape, so the client reports the failure as from its endpoint. */
function answerUnreachable(
  request: Relayed,
  error: Error,
  headers: Record<string, string>,
  res: ServerResponse,
): Buffer {
  const message = `skill-eval recording proxy: cannot reach ${request.target}: ${error.cause ?? error.message}`;
  const reply = ERROR_SHAPES[request.api](502, message);
  const text = JSON.stringify(reply.body);
  Object.assign(headers, reply.headers, { 'content-type': 'application/json' });
  res.writeHead(502, headers).end(text);
  return Buffer.from(text);
}
