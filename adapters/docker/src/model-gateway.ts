import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { isModelApi, type ModelApi, mapApis, SkillEvalError } from '@skill-eval/core';
import { SupervisorChannel } from './supervisor-channel.js';

/** Where each API family's traffic goes on to: the execution's own endpoints (core's MODEL_ENDPOINTS). */
export type Upstreams = Readonly<Record<ModelApi, string>>;

/** The base URLs processes inside a container use: the supervisor’s forwarder on their own loopback, one path per API family. */
export const insideBaseUrls = (port: number): Upstreams => mapApis((api) => `http://127.0.0.1:${port}/${api}`);

/** One container's way out: its model traffic, and the lifeline that tells it the harness is still there. */
export interface ModelGateway {
  /** The model proxy's socket. */
  modelSocket: string;
  /** The lifeline's socket: the supervisor holds a connection to it for the container's life. */
  lifeSocket: string;
  /** The supervisor, on that connection: it runs the execution's programs. */
  supervisor: SupervisorChannel;
  /** Resolves when the container’s supervisor has said it is ready; rejects past `timeoutMs` or on abort. */
  ready(timeoutMs: number, signal: AbortSignal): Promise<void>;
  /** Closes both sockets; the supervisor sees its lifeline close and ends the container. */
  close(): Promise<void>;
}

const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);
const ROUTE = /^\/([a-z]+)(\/.*)?$/;

/**
 * Starts one container's gateway in `dir` (a directory mounted into the container): an HTTP proxy on a Unix socket
 * that sends `/<api>/<rest>` (`/anthropic/…`, `/openai/…`, `/gemini/…`) on to the execution's endpoints, streaming
 * answers as they come, and nothing anywhere else.
 */
export async function startModelGateway(dir: string, upstreams: Upstreams): Promise<ModelGateway> {
  const sockets = new Set<Socket>();
  const http = createServer((req, res) => void forward(req, res, upstreams));
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let lifeline: Socket | undefined;
  const lifeConnections = new Set<Socket>();
  const supervisor = new SupervisorChannel();
  const life = createNetServer((socket) => {
    lifeConnections.add(socket);
    socket.on('close', () => lifeConnections.delete(socket));
    socket.on('error', () => {});
    // The supervisor connects first, before any program of the execution runs. Any later connection is a program's
    // (the socket is in the container's mounted folder): one it held open would keep the container, and the close
    // that waits for the server, alive for ever (-t and Ctrl-C ignored). It is cut at once.
    if (lifeline) {
      socket.destroy();
      return;
    }
    lifeline = socket;
    supervisor.attach(socket);
  });
  const modelSocket = join(dir, 'model.sock');
  const lifeSocket = join(dir, 'life.sock');
  await listen(http, modelSocket);
  await listen(life, lifeSocket);

  return {
    modelSocket,
    lifeSocket,
    supervisor,
    async ready(timeoutMs, signal) {
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new SkillEvalError(
                'ENVIRONMENT_FAILED',
                `the container was not ready within ${timeoutMs / 1000} s (its supervisor never answered)`,
              ),
            ),
          timeoutMs,
        );
        // The run's signal, shared by every execution: the listener goes once the wait is over.
        onAbort = () => reject(new SkillEvalError('INTERRUPTED', 'interrupted'));
        signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        await Promise.race([supervisor.readySeen, late]);
      } finally {
        clearTimeout(timer);
        if (onAbort) signal.removeEventListener('abort', onAbort);
      }
    },
    async close() {
      // Every connection goes: a server's close waits for the connections it still has.
      for (const socket of [...lifeConnections, ...sockets]) socket.destroy();
      supervisor.close();
      await Promise.all([closeServer(http), closeServer(life)]);
    },
  };
}

async function listen(server: Server, path: string): Promise<void> {
  server.listen(path);
  await once(server, 'listening');
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** One request on to its upstream; the answer streams back as it arrives (SSE stays live). */
async function forward(req: IncomingMessage, res: ServerResponse, upstreams: Upstreams): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://gateway');
  const match = ROUTE.exec(url.pathname);
  const api = match?.[1];
  if (!match || api === undefined || !isModelApi(api)) {
    const routes = Object.keys(upstreams).map((name) => `/${name}/…`);
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`skill-eval gateway: only ${routes.join(', ')}`);
    return;
  }
  const base = upstreams[api].replace(/\/+$/, '');
  const target = `${base}${match[2] ?? ''}${url.search}`;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const method = req.method ?? 'GET';
  try {
    const answer = await fetch(target, {
      method,
      headers,
      ...(body.length > 0 && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
      redirect: 'manual',
      signal: abort.signal,
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name) && name !== 'content-encoding') out[name] = value;
    });
    res.writeHead(answer.status, out);
    res.flushHeaders();
    if (answer.body) for await (const chunk of answer.body) res.write(chunk);
    res.end();
  } catch (error) {
    if (res.headersSent) res.destroy();
    else {
      const cause = (error as Error).cause ?? (error as Error).message;
      res
        .writeHead(502, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { type: 'gateway_error', message: `skill-eval gateway: ${target}: ${cause}` } }));
    }
  }
}
