import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  createReadStream,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { empty, json, problem, readJson } from './http-answers.js';
import { chrooted, type FakeSandbox, killGroup, type SandboxHost } from './sandbox-host.js';

/** `644` (octal digits as a number, as the spec writes modes) from a file mode. */
const octalDigits = (mode: number) => Number((mode & 0o777).toString(8));
const fromOctalDigits = (digits: unknown, fallback: number) =>
  typeof digits === 'number' && /^[0-7]{1,4}$/.test(String(digits)) ? Number.parseInt(String(digits), 8) : fallback;

/** The execd API of one sandbox: commands, directories and files. */
export async function execdApi(
  host: SandboxHost,
  req: IncomingMessage,
  res: ServerResponse,
  sandbox: FakeSandbox,
  { path, query }: { path: string; query: URLSearchParams },
) {
  const at = (inside: string) => join(sandbox.root, inside);
  if (req.method === 'GET' && path === '/ping') return res.writeHead(200).end('pong');
  if (req.method === 'POST' && path === '/command') return runCommand(host, req, res, sandbox);
  if (req.method === 'DELETE' && path === '/command') {
    killGroup(host.processes.get(`${sandbox.id}:${query.get('id')}`));
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
  if (req.method === 'POST' && path === '/files/upload') return uploadFiles(req, res, at);
  if (req.method === 'GET' && path === '/files/download') {
    const file = at(query.get('path') ?? '');
    if (!existsSync(file) || !lstatSync(file).isFile()) return problem(res, 404, `no file ${query.get('path')}`);
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    createReadStream(file).pipe(res);
    return;
  }
  if (req.method === 'GET' && path === '/files/search') return searchFiles(res, sandbox, query.get('path') ?? '/');
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
}

/**
 * Runs a command in the sandbox and streams its output as SSE events; the client going away cancels it, whose whole
 * process group is killed.
 */
async function runCommand(host: SandboxHost, req: IncomingMessage, res: ServerResponse, sandbox: FakeSandbox) {
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
  host.processes.set(`${sandbox.id}:${session}`, child);
  send({ type: 'init', text: session });
  child.stdout?.setEncoding('utf8').on('data', (text: string) => send({ type: 'stdout', text }));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => send({ type: 'stderr', text }));
  const timer = body.timeout ? setTimeout(() => killGroup(child), body.timeout) : undefined;
  res.on('close', () => killGroup(child));
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  host.processes.delete(`${sandbox.id}:${session}`);
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

/** Writes the files of a multipart upload: each `metadata` part names the path and mode of the `file` after it. */
async function uploadFiles(req: IncomingMessage, res: ServerResponse, at: (inside: string) => string) {
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

/** Every file below a directory of the sandbox, with its info. */
function searchFiles(res: ServerResponse, sandbox: FakeSandbox, dir: string) {
  const at = (inside: string) => join(sandbox.root, inside);
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

/** A file's info as execd gives it (its mode in octal digits). */
function fileInfo(sandbox: FakeSandbox, inside: string) {
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
}
