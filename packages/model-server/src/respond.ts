import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiAdapter, JsonObject } from './api-adapter.js';
import type { CycleMemory } from './cycle-memory.js';
import { type Selection, selectResponse } from './match.js';
import { fillPlaceholders } from './placeholders.js';
import type { ParsedFakeScript } from './script.js';
import { sendJson } from './sse.js';
import { turnUsage } from './usage.js';

/** One model request to answer from the script. */
export interface ModelRequest {
  adapter: ApiAdapter;
  res: ServerResponse;
  body: JsonObject;
  /** The body as received, for usage estimates. */
  bodyText: string;
  script: ParsedFakeScript;
  /** Aborted when the server closes, so delays end. */
  signal: AbortSignal;
  /** Told the chosen conversation and step before anything is sent. */
  onSelect: (selection: Selection) => void;
  /** The server's memory of `cycle` conversations. */
  cycles: CycleMemory;
}

/** Picks the scripted response and sends it: hang, delay, error, recorded raw body, or a built reply. */
export async function answerModelRequest(request: ModelRequest): Promise<void> {
  const { adapter, res, body, signal } = request;
  const selection = selectResponse(request.script, adapter.view(body), {
    memory: request.cycles,
    body: request.bodyText,
    api: adapter.api,
  });
  request.onSelect(selection);
  const response = fillPlaceholders(selection.response, request.bodyText);
  if (response.hang) return;
  if (response.delayMs) {
    try {
      await sleep(response.delayMs, undefined, { signal });
    } catch {
      return; // server closed while waiting
    }
  }
  if (response.error) {
    const { status, message, type, headers } = response.error;
    const reply = adapter.error(status, message ?? `fake ${status}`, type, headers);
    return sendJson(res, reply.status, reply.body, reply.headers);
  }
  if (response.raw && !adapter.isNative(response.raw)) {
    const where = `${selection.conversation ?? 'fallback'} step ${selection.step}`;
    const reply = adapter.error(400, `fake model: the raw response of ${where} is not a ${adapter.api} body`);
    return sendJson(res, reply.status, reply.body, reply.headers);
  }
  const native = response.raw ?? adapter.build(response, { body, usage: turnUsage(response, request.bodyText) });
  if (adapter.streams ? adapter.streams(body) : body.stream === true) adapter.stream(res, native, body);
  else sendJson(res, 200, native);
}
