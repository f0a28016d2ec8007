import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { SkillEvalError } from '@skill-eval/core';
import { CycleMemory } from './cycle-memory.js';
import { handleModelRequest, type ModelServerState } from './handle-model-request.js';
import { listenOnLoopback } from './loopback-server.js';
import { RecordedReplies } from './recorded-replies.js';
import type { RecordedRequest } from './recorded-request.js';
import { type FakeScript, parseFakeScript } from './script.js';
import { sendJson } from './sse.js';

export type { RecordedRequest } from './recorded-request.js';

export interface FakeModelServer {
  /** `http://127.0.0.1:PORT` — the Anthropic base URL; the OpenAI base URL is `${url}/v1`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Replaces the script for the following requests (and forgets the runs `cycle` conversations counted). */
  setScript(script: FakeScript): void;
  /** Closes the server and destroys open sockets (hung requests included). */
  close(): Promise<void>;
}

export interface FakeModelServerOptions {
  /** Port on 127.0.0.1; 0 or absent = a free one. */
  port?: number;
  /** Receives one line per finished request. */
  log?: (line: string) => void;
}

/** Starts a scripted fake Anthropic + OpenAI model server on 127.0.0.1. */
export async function startFakeModelServer(
  script: FakeScript = {},
  options: FakeModelServerOptions = {},
): Promise<FakeModelServer> {
  const closing = new AbortController();
  const state: ModelServerState = {
    ...answersOf(script),
    requests: [],
    closing: closing.signal,
    log: options.log ?? (() => {}),
  };
  const server = createServer((req, res) => {
    handleModelRequest(req, res, state).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      sendJson(res, 500, {
        error: { message: `fake model server fault: ${(error as Error).message}`, type: 'server_error' },
      });
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => refuseUpgrade(req, socket, state));
  const port = options.port ?? 0;
  // A port in use is a usage error naming it.
  const listening = await listenOnLoopback(
    server,
    port,
    (cause) =>
      new SkillEvalError(
        'USAGE',
        `Fake model server cannot listen on 127.0.0.1:${port}: ${cause.code ?? cause.message}`,
        {
          cause,
          hint: 'Pick another --port, or 0 for a free one.',
        },
      ),
  );
  return {
    url: `http://127.0.0.1:${listening.port}`,
    requests: state.requests,
    setScript(next) {
      Object.assign(state, answersOf(next));
    },
    close() {
      closing.abort();
      return listening.close();
    },
  };
}

/** What a script answers from, with no `cycle` conversation counted yet. */
function answersOf(script: FakeScript): Pick<ModelServerState, 'script' | 'cycles' | 'replies'> {
  const parsed = parseFakeScript(script);
  return {
    script: parsed,
    cycles: new CycleMemory(),
    replies: parsed.recorded ? new RecordedReplies(parsed.recorded) : undefined,
  };
}

/** Codex's built-in provider tries a WebSocket first; refusing makes it fall back to HTTP. */
function refuseUpgrade(req: IncomingMessage, socket: Socket, state: ModelServerState): void {
  const url = req.url ?? '/';
  const path = new URL(url, 'http://127.0.0.1').pathname;
  state.requests.push({
    method: req.method ?? 'GET',
    path,
    url,
    headers: req.headers,
    body: '',
    api: 'other',
    at: Date.now(),
  });
  state.log(`${req.method} ${req.url} (upgrade) → 404`);
  socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
}
