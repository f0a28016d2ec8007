import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  createReadStream,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { assembleRootfs } from '../docker/test-docker.js';

const run = promisify(execFile);

/** The port execd listens on in every sandbox (the SDK's DEFAULT_EXECD_PORT). */
const EXECD_PORT = 44772;

/** One sandbox the fake holds: what it was created with, and where its files are on this machine. */
export interface FakeSandbox {
  id: string;
  /** The CreateSandboxRequest body, as sent. */
  request: Record<string, unknown>;
  /** Its root filesystem on this machine (programs run chrooted into it). */
  root: string;
  state: 'Running' | 'Terminated';
  /** Every command execd ran, in order. */
  commands: { command: string; cwd?: string; envs?: Record<string, string> }[];
}

/** A stand-in for an OpenSandbox server: its lifecycle API and each sandbox's execd API, from the published specs. */
export interface FakeOpenSandbox {
  /** `http://127.0.0.1:PORT`: the server's domain, for `OPENSANDBOX_BASE_URL`. */
  url: string;
  apiKey: string;
  sandboxes: Map<string, FakeSandbox>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
/** An answer without a body, saying so: the SDK reads any other 2xx body as JSON. */
const empty = (res: ServerResponse, status: number) => res.writeHead(status, { 'content-length': '0' }).end();
const problem = (res: ServerResponse, status: number, message: string) =>
  json(res, status, { code: status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST', message });

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}

/** `644` (octal digits as a number, as the spec writes modes) from a file mode. */
const octalDigits = (mode: number) => Number((mode & 0o777).toString(8));
const fromOctalDigits = (digits: unknown, fallback: number) =>
  typeof digits === 'number' && /^[0-7]{1,4}$/.test(String(digits)) ? Number.parseInt(String(digits), 8) : fallback;

/**
 * Starts the fake on 127.0.0.1. Sandboxes are directories holding a small root filesystem (busybox and the host's C
 * library); execd's commands run in them with `chroot` (so it needs root), sharing this machine's network — the
 * network policy a sandbox was created with is kept in its request, not enforced. Commands stream their output as
 * SSE events and are killed with their process group when the client goes away, as execd does.
 */
export async function startFakeOpenSandbox(options: { apiKey?: string } = {}): Promise<FakeOpenSandbox> {
  const apiKey = options.apiKey ?? `fake-${randomUUID()}`;
  const sandboxes = new Map<string, FakeSandbox>();
  const base = mkdtempSync(join(tmpdir(), 'se-fake-osb-'));
  const rootfs = join(base, 'rootfs');
  mkdirSync(rootfs);
  await assembleRootfs(rootfs);
  const processes = new Map<string, ChildProcess>();
  const entrypoints = new Map<string, ChildProcess>();
  let url = '';

  const killGroup = (child: ChildProcess | undefined) => {
    if (child?.pid === undefined || child.exitCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };

  const chrooted = (sandbox: FakeSandbox, command: string, cwd: string, envs: Record<string, string>) =>
    spawn('chroot', [sandbox.root, '/bin/sh', '-c', 'cd "$0" || exit 1; eval "$1"', cwd, command], {
      env: {
        PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        HOME: '/root',
        ...((sandbox.request.env as Record<string, string> | undefined) ?? {}),
        ...envs,
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  const lifecycle = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.headers['open-sandbox-api-key'] !== apiKey)
      return problem(res, 401, 'missing or wrong OPEN-SANDBOX-API-KEY');
    if (req.method === 'POST' && path === '/sandboxes') {
      const body = (await readJson(req)) as Record<string, unknown> | undefined;
      const image = (body?.image as { uri?: unknown } | undefined)?.uri;
      if (typeof image !== 'string' || !Array.isArray(body?.entrypoint) || body.entrypoint.length === 0) {
        return problem(res, 400, 'image.uri and entrypoint are required');
      }
      const id = randomUUID().replaceAll('-', '').slice(0, 16);
      const root = join(base, id);
      mkdirSync(root);
      await run('cp', ['-a', `${rootfs}/.`, `${root}/`]);
      await run('mknod', ['-m', '666', join(root, 'dev/null'), 'c', '1', '3']).catch(() => {});
      const sandbox: FakeSandbox = { id, request: body, root, state: 'Running', commands: [] };
      sandboxes.set(id, sandbox);
      entrypoints.set(id, chrooted(sandbox, (body.entrypoint as string[]).join(' && '), '/', {}));
      const now = new Date();
      return json(res, 202, {
        id,
        status: { state: 'Running' },
        metadata: body.metadata ?? {},
        createdAt: now.toISOString(),
        ...(typeof body.timeout === 'number'
          ? { expiresAt: new Date(now.getTime() + body.timeout * 1000).toISOString() }
          : {}),
        entrypoint: body.entrypoint,
      });
    }
    if (req.method === 'GET' && path === '/sandboxes') {
      const items = [...sandboxes.values()]
        .filter((s) => s.state === 'Running')
        .map((s) => ({
          id: s.id,
          status: { state: s.state },
          metadata: s.request.metadata ?? {},
          createdAt: new Date().toISOString(),
          entrypoint: s.request.entrypoint,
          image: s.request.image,
        }));
      return json(res, 200, {
        items,
        pagination: { page: 1, pageSize: items.length, totalItems: items.length, totalPages: 1, hasNextPage: false },
      });
    }
    const one = /^\/sandboxes\/([^/]+)(\/endpoints\/(\d+))?$/.exec(path);
    const sandbox = one ? sandboxes.get(one[1]!) : undefined;
    if (!one || !sandbox || sandbox.state !== 'Running') return problem(res, 404, `no sandbox at ${path}`);
    if (req.method === 'GET' && one[3]) {
      return json(res, 200, { endpoint: `${url.replace(/^http:\/\//, '')}/sandboxes/${sandbox.id}/port/${one[3]}` });
    }
    if (req.method === 'GET') {
      return json(res, 200, {
        id: sandbox.id,
        image: sandbox.request.image,
        status: { state: sandbox.state },
        metadata: sandbox.request.metadata ?? {},
        entrypoint: sandbox.request.entrypoint,
        createdAt: new Date().toISOString(),
      });
    }
    if (req.method === 'DELETE') {
      sandbox.state = 'Terminated';
      killGroup(entrypoints.get(sandbox.id));
      for (const [key, child] of processes) if (key.startsWith(`${sandbox.id}:`)) killGroup(child);
      rmSync(sandbox.root, { recursive: true, force: true });
      return empty(res, 204);
    }
    return problem(res, 400, `${req.method} ${path} is not supported`);
  };

  const fileInfo = (sandbox: FakeSandbox, inside: string) => {
    const stat = lstatSync(join(sandbox.root, inside));
    return {
      path: inside,
      type: stat.isSymbolicLink() ? 'symlink' : stat.isDirectory() ? 'directory' : stat.isFile() ? 'file' : 'other',
      size: stat.size,
      modified_at: stat.mtime.toISOString(),
      created_at: stat.birthtime.toISOString(),
      owner: String(stat.uid),
      group: String(stat.gid),
      mode: octalDigits(stat.mode),
    };
  };

  const execd = async (
    req: IncomingMessage,
    res: ServerResponse,
    sandbox: FakeSandbox,
    path: string,
    query: URLSearchParams,
  ) => {
    const at = (inside: string) => join(sandbox.root, inside);
    if (req.method === 'GET' && path === '/ping') return res.writeHead(200).end('pong');
    if (req.method === 'POST' && path === '/command') {
      const body = (await readJson(req)) as {
        command?: string;
        cwd?: string;
        timeout?: number;
        envs?: Record<string, string>;
      };
      if (!body?.command?.trim()) return problem(res, 400, 'command is required');
      sandbox.commands.push({
        command: body.command,
        ...(body.cwd ? { cwd: body.cwd } : {}),
        ...(body.envs ? { envs: body.envs } : {}),
      });
      const session = randomUUID();
      const started = Date.now();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (event: Record<string, unknown>) =>
        res.write(`data: ${JSON.stringify({ ...event, timestamp: Date.now() })}\n\n`);
      const child = chrooted(sandbox, body.command, body.cwd ?? '/', body.envs ?? {});
      processes.set(`${sandbox.id}:${session}`, child);
      send({ type: 'init', text: session });
      child.stdout?.setEncoding('utf8').on('data', (text: string) => send({ type: 'stdout', text }));
      child.stderr?.setEncoding('utf8').on('data', (text: string) => send({ type: 'stderr', text }));
      const timer = body.timeout ? setTimeout(() => killGroup(child), body.timeout) : undefined;
      // The client going away cancels the command, whose whole process group is killed.
      res.on('close', () => killGroup(child));
      const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
      clearTimeout(timer);
      processes.delete(`${sandbox.id}:${session}`);
      if (code === 0) send({ type: 'execution_complete', execution_time: Date.now() - started });
      else {
        const value = code === null ? `signal: ${signal}` : String(code);
        send({
          type: 'error',
          error: { ename: 'CommandExecError', evalue: value, traceback: [`exit status ${value}`] },
        });
      }
      return res.end();
    }
    if (req.method === 'DELETE' && path === '/command') {
      killGroup(processes.get(`${sandbox.id}:${query.get('id')}`));
      return empty(res, 200);
    }
    if (req.method === 'POST' && path === '/directories') {
      const body = (await readJson(req)) as Record<string, { mode?: number }>;
      for (const [dir, permission] of Object.entries(body ?? {})) {
        mkdirSync(at(dir), { recursive: true });
        chmodSync(at(dir), fromOctalDigits(permission?.mode, 0o755));
      }
      return empty(res, 200);
    }
    if (req.method === 'POST' && path === '/files/upload') {
      const form = await new Request('http://fake/upload', {
        method: 'POST',
        headers: req.headers as Record<string, string>,
        body: Readable.toWeb(req) as ReadableStream,
        duplex: 'half',
      } as RequestInit).formData();
      let meta: { path?: string; mode?: number } | undefined;
      for (const [name, value] of form.entries()) {
        if (name === 'metadata') meta = JSON.parse(typeof value === 'string' ? value : await value.text());
        else if (name === 'file' && meta?.path && typeof value !== 'string') {
          mkdirSync(dirname(at(meta.path)), { recursive: true });
          writeFileSync(at(meta.path), Buffer.from(await value.arrayBuffer()));
          chmodSync(at(meta.path), fromOctalDigits(meta.mode, 0o644));
          meta = undefined;
        }
      }
      return empty(res, 200);
    }
    if (req.method === 'GET' && path === '/files/download') {
      const file = at(query.get('path') ?? '');
      if (!existsSync(file) || !lstatSync(file).isFile()) return problem(res, 404, `no file ${query.get('path')}`);
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      createReadStream(file).pipe(res);
      return;
    }
    if (req.method === 'GET' && path === '/files/search') {
      const dir = query.get('path') ?? '/';
      if (!existsSync(at(dir))) return problem(res, 404, `no directory ${dir}`);
      const found: ReturnType<typeof fileInfo>[] = [];
      const walk = (inside: string) => {
        for (const entry of readdirSync(at(inside), { withFileTypes: true })) {
          const child = `${inside.replace(/\/$/, '')}/${entry.name}`;
          if (entry.isDirectory()) walk(child);
          else found.push(fileInfo(sandbox, child));
        }
      };
      walk(dir);
      return json(res, 200, found);
    }
    if (req.method === 'GET' && path === '/files/info') {
      const out: Record<string, unknown> = {};
      for (const p of query.getAll('path')) if (existsSync(at(p))) out[p] = fileInfo(sandbox, p);
      return json(res, 200, out);
    }
    if (req.method === 'DELETE' && path === '/files') {
      for (const p of query.getAll('path')) rmSync(at(p), { force: true });
      return empty(res, 200);
    }
    return problem(res, 404, `execd: ${req.method} ${path} is not supported`);
  };

  const route = (req: IncomingMessage, res: ServerResponse): Promise<unknown> | unknown => {
    const parsed = new URL(req.url ?? '/', 'http://fake');
    const routed = /^\/sandboxes\/([^/]+)\/port\/(\d+)(\/.*)$/.exec(parsed.pathname);
    if (!routed) {
      if (parsed.pathname.startsWith('/v1/')) return lifecycle(req, res, parsed.pathname.slice(3));
      return problem(res, 404, `no route ${parsed.pathname}`);
    }
    const sandbox = sandboxes.get(routed[1]!);
    if (sandbox?.state !== 'Running' || Number(routed[2]) !== EXECD_PORT) {
      return problem(res, 404, 'no such sandbox endpoint');
    }
    return execd(req, res, sandbox, routed[3]!, parsed.searchParams);
  };
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => route(req, res))
      .catch((error: Error) => {
        if (!res.headersSent) problem(res, 500, error.message);
        else res.end();
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiKey,
    sandboxes,
    async close() {
      for (const child of [...processes.values(), ...entrypoints.values()]) killGroup(child);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(base, { recursive: true, force: true });
    },
  };
}
