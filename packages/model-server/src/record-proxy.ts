import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isModelApi, MODEL_ENDPOINTS, type ModelApi, mapApis, SkillEvalError } from '@skill-eval/core';
import { HOP_HEADERS, type RecordedAnswer, type RecordedExchange } from './exchange.js';
import { listenOnLoopback } from './loopback-server.js';
import { decodeBody, readRawBody } from './read-body.js';
import { type RelayedAnswer, relay } from './relay.js';
import { modelTurn } from './routes.js';

/** The API families an engine reaches through its base URL variable (core's MODEL_ENDPOINTS). */
export type UpstreamApi = ModelApi;

export interface RecordingProxyOptions {
  /** The base URL a scope's traffic of one API family goes on to (`https://api.anthropic.com`, `…/v1`). */
  upstream(scope: string, api: UpstreamApi): string;
  /** Receives one line per finished request. */
  log?: (line: string) => void;
}

/** A local proxy that forwards model traffic to its real endpoint and keeps every exchange, per scope. */
export interface RecordingProxy {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Base URLs that route one scope through the proxy, one per API: the values of their base URL variables. */
  baseUrls(scope: string): Record<UpstreamApi, string>;
  /** Hands over (and forgets) a scope's finished exchanges, in arrival order. */
  take(scope: string): RecordedExchange[];
  /** Closes the proxy and its connections. */
  close(): Promise<void>;
}

const ROUTE = /^\/x\/([^/]+)\/([a-z]+)(\/.*)?$/;
/** Not forwarded: they describe this hop, or would ask the upstream for an encoding we then must undo. */
const DROPPED_REQUEST_HEADERS = new Set([...HOP_HEADERS, 'host', 'expect', 'accept-encoding']);
/** Never stored: credentials. */
const SECRET_HEADER = /key|token|secret|auth|cookie|password/i;

/** A request in flight; its exchange is set once the answer has gone out. */
interface Pending {
  exchange?: RecordedExchange;
}

/** Every scope's requests, in arrival order (which replays fall back on). */
type Scopes = Map<string, Pending[]>;

/** A proxied request's scope, API family and the rest of its path. */
interface ProxyRoute {
  scope: string;
  api: UpstreamApi;
  rest: string;
}

/**
 * Starts the recording proxy on 127.0.0.1. A request to `/x/<scope>/<api>/<rest>` goes on to `<upstream>/<rest>`;
 * the answer streams back as it arrives (SSE stays live) and is kept byte for byte with the request, whose
 * credentials are never stored. Paths are kept in the fake server's layout, so recordings replay there.
 */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const scopes: Scopes = new Map();
  const server = createServer((req, res) => {
    recordExchange(req, res, scopes, options).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`recording proxy fault: ${(error as Error).message}`);
    });
  });
  // A client that tries a WebSocket first (codex) falls back to HTTP, which the proxy can record.
  server.on('upgrade', (_req: IncomingMessage, socket: Socket) => {
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });
  const listening = await listenOnLoopback(
    server,
    0,
    (cause) =>
      new SkillEvalError('INTERNAL', `The recording proxy cannot listen on 127.0.0.1: ${cause.code}`, { cause }),
  );
  const url = `http://127.0.0.1:${listening.port}`;

  return {
    url,
    baseUrls(scope) {
      const at = `${url}/x/${encodeURIComponent(scope)}`;
      return mapApis((api) => `${at}/${api}`);
    },
    take(scope) {
      const list = scopes.get(scope) ?? [];
      scopes.delete(scope);
      return list.flatMap((p) => (p.exchange ? [p.exchange] : []));
    },
    close: () => listening.close(),
  };
}

/** Proxies one request and keeps the exchange in its scope's list, in the place of its arrival. */
async function recordExchange(
  req: IncomingMessage,
  res: ServerResponse,
  scopes: Scopes,
  options: RecordingProxyOptions,
): Promise<void> {
  const started = Date.now();
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = req.method ?? 'GET';
  const route = proxyRoute(url.pathname);
  if (!route) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('skill-eval recording proxy: expected /x/<scope>/<api>/…');
    return;
  }
  const pending: Pending = {};
  const list = scopes.get(route.scope) ?? [];
  scopes.set(route.scope, list);
  list.push(pending);

  const raw = await readRawBody(req);
  const { forwarded, stored } = requestHeaders(req.headers);
  const target = `${options.upstream(route.scope, route.api).replace(/\/+$/, '')}${route.rest}${url.search}`;
  const answer = await relay({ target, method, headers: forwarded, body: raw, api: route.api }, res);
  if (!answer) {
    list.splice(list.indexOf(pending), 1);
    return;
  }
  const decoded = decodeBody(raw, req.headers['content-encoding']);
  // Stored as the fake server lays out its routes: an API whose base URL carries a prefix (`/v1`) gets it back.
  const path = `${MODEL_ENDPOINTS[route.api].pathPrefix}${route.rest}` || '/';
  pending.exchange = {
    method,
    path,
    ...modelTurn(method, path, decoded.json),
    request: { headers: stored, body: decoded.json ?? decoded.text },
    response: storedAnswer(answer),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
  };
  options.log?.(`${method} ${url.pathname} → ${answer.status} ${Date.now() - started}ms`);
}

/** `/x/<scope>/<api>/<rest>` taken apart; undefined for any other path. */
function proxyRoute(pathname: string): ProxyRoute | undefined {
  const match = ROUTE.exec(pathname);
  if (!match || !isModelApi(match[2]!)) return undefined;
  return { scope: decodeURIComponent(match[1]!), api: match[2], rest: match[3] ?? '' };
}

/** The headers to forward (credentials included, this hop's left out) and the ones to store (no credentials). */
function requestHeaders(headers: IncomingHttpHeaders): { forwarded: Headers; stored: Record<string, string> } {
  const forwarded = new Headers();
  const stored: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_REQUEST_HEADERS.has(name)) continue;
    const joined = Array.isArray(value) ? value.join(', ') : value;
    forwarded.set(name, joined);
    if (!SECRET_HEADER.test(name)) stored[name] = joined;
  }
  forwarded.set('accept-encoding', 'identity');
  return { forwarded, stored };
}

/** The answer as a recording keeps it: the body as text when it is UTF-8, else base64. */
function storedAnswer(answer: RelayedAnswer): RecordedAnswer {
  const utf8 = answer.body.toString('utf8');
  const isText = Buffer.from(utf8, 'utf8').equals(answer.body);
  return {
    status: answer.status,
    headers: answer.headers,
    body: isText ? utf8 : answer.body.toString('base64'),
    encoding: isText ? 'utf8' : 'base64',
  };
}
