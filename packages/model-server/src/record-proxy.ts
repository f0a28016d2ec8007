import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SkillEvalError } from '@skill-eval/core';
import { anthropicError, openaiError } from './error-shapes.js';
import { HOP_HEADERS, type RecordedExchange } from './exchange.js';
import { decodeBody, readRawBody } from './read-body.js';
import { modelTurn } from './routes.js';

/** The two API families an engine reaches through its base URL variable. */
export type UpstreamApi = 'anthropic' | 'openai';

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
  /** Base URLs that route one scope through the proxy: `ANTHROPIC_BASE_URL` and `OPENAI_BASE_URL` values. */
  baseUrls(scope: string): Record<UpstreamApi, string>;
  /** Hands over (and forgets) a scope's finished exchanges, in arrival order. */
  take(scope: string): RecordedExchange[];
  /** Closes the proxy and its connections. */
  close(): Promise<void>;
}

const ROUTE = /^\/x\/([^/]+)\/(anthropic|openai)(\/.*)?$/;
/** Not forwarded: they describe this hop, or would ask the upstream for an encoding we then must undo. */
const DROPPED_REQUEST_HEADERS = new Set([...HOP_HEADERS, 'host', 'expect', 'accept-encoding']);
/** Never stored: credentials. */
const SECRET_HEADER = /key|token|secret|auth|cookie|password/i;

interface Pending {
  exchange?: RecordedExchange;
}

/**
 * Starts the recording proxy on 127.0.0.1. A request to `/x/<scope>/<api>/<rest>` goes on to `<upstream>/<rest>`;
 * the answer streams back as it arrives (SSE stays live) and is kept byte for byte with the request, whose
 * credentials are never stored. Paths are kept in the fake server's layout, so recordings replay there.
 */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const scopes = new Map<string, Pending[]>();
  const sockets = new Set<Socket>();
  const log = options.log ?? (() => {});

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const match = ROUTE.exec(url.pathname);
    if (!match) {
      res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end('skill-eval recording proxy: expected /x/<scope>/<api>/…');
      return;
    }
    const scope = decodeURIComponent(match[1]!);
    const api = match[2] as UpstreamApi;
    const rest = match[3] ?? '';
    const pending: Pending = {};
    const list = scopes.get(scope) ?? [];
    scopes.set(scope, list);
    list.push(pending); // arrival order, which replays fall back on

    const raw = await readRawBody(req);
    const decoded = decodeBody(raw, req.headers['content-encoding']);
    const path = api === 'openai' ? `/v1${rest}` : rest || '/';
    const target = `${options.upstream(scope, api).replace(/\/+$/, '')}${rest}${url.search}`;
    const forwarded = new Headers();
    const stored: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || DROPPED_REQUEST_HEADERS.has(name)) continue;
      const joined = Array.isArray(value) ? value.join(', ') : value;
      forwarded.set(name, joined);
      if (!SECRET_HEADER.test(name)) stored[name] = joined;
    }
    forwarded.set('accept-encoding', 'identity');

    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const chunks: Buffer[] = [];
    let status = 502;
    const headers: Record<string, string> = {};
    try {
      const answer = await fetch(target, {
        method,
        headers: forwarded,
        ...(raw.length > 0 && method !== 'GET' && method !== 'HEAD' ? { body: raw } : {}),
        redirect: 'manual',
        signal: abort.signal,
      });
      status = answer.status;
      answer.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) headers[name] = value;
      });
      res.writeHead(status, headers);
      res.flushHeaders();
      if (answer.body) {
        for await (const chunk of answer.body) {
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
        list.splice(list.indexOf(pending), 1);
        return;
      } else if (res.headersSent) {
        res.destroy();
      } else {
        const message = `skill-eval recording proxy: cannot reach ${target}: ${(error as Error).cause ?? (error as Error).message}`;
        const reply = (api === 'anthropic' ? anthropicError : openaiError)(502, message);
        const text = JSON.stringify(reply.body);
        Object.assign(headers, reply.headers, { 'content-type': 'application/json' });
        chunks.push(Buffer.from(text));
        res.writeHead(502, headers).end(text);
      }
    }
    const body = Buffer.concat(chunks);
    const utf8 = body.toString('utf8');
    const isText = Buffer.from(utf8, 'utf8').equals(body);
    pending.exchange = {
      method,
      path,
      ...modelTurn(method, path, decoded.json),
      request: { headers: stored, body: decoded.json ?? decoded.text },
      response: {
        status,
        headers,
        body: isText ? utf8 : body.toString('base64'),
        encoding: isText ? 'utf8' : 'base64',
      },
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
    };
    log(`${method} ${url.pathname} → ${status} ${Date.now() - started}ms`);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`recording proxy fault: ${(error as Error).message}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A client that tries a WebSocket first (codex) falls back to HTTP, which the proxy can record.
  server.on('upgrade', (_req: IncomingMessage, socket: Socket) => {
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (cause: NodeJS.ErrnoException) =>
      reject(
        new SkillEvalError('INTERNAL', `The recording proxy cannot listen on 127.0.0.1: ${cause.code}`, { cause }),
      ),
    );
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    baseUrls(scope) {
      const at = `${url}/x/${encodeURIComponent(scope)}`;
      return { anthropic: `${at}/anthropic`, openai: `${at}/openai` };
    },
    take(scope) {
      const list = scopes.get(scope) ?? [];
      scopes.delete(scope);
      return list.flatMap((p) => (p.exchange ? [p.exchange] : []));
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
