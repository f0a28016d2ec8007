import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { empty, json, problem, readJson } from './http-answers.js';
import { chrooted, type FakeSandbox, killGroup, type SandboxHost } from './sandbox-host.js';

const run = promisify(execFile);

/** The lifecycle API (`/v1/sandboxes…`): create, list, look up, find an endpoint of, and delete sandboxes. */
export async function lifecycleApi(host: SandboxHost, req: IncomingMessage, res: ServerResponse, path: string) {
  if (req.headers['open-sandbox-api-key'] !== host.apiKey)
    return problem(res, 401, 'missing or wrong OPEN-SANDBOX-API-KEY');
  if (req.method === 'POST' && path === '/sandboxes') return createSandbox(host, req, res);
  if (req.method === 'GET' && path === '/sandboxes') return listSandboxes(host, res);
  const one = /^\/sandboxes\/([^/]+)(\/endpoints\/(\d+))?$/.exec(path);
  const sandbox = one ? host.sandboxes.get(one[1]!) : undefined;
  if (!one || !sandbox || sandbox.state !== 'Running') return problem(res, 404, `no sandbox at ${path}`);
  if (req.method === 'GET' && one[3]) {
    return json(res, 200, {
      endpoint: `${host.url.replace(/^http:\/\//, '')}/sandboxes/${sandbox.id}/port/${one[3]}`,
    });
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
  if (req.method === 'DELETE') return deleteSandbox(host, sandbox, res);
  return problem(res, 400, `${req.method} ${path} is not supported`);
}

/** A new sandbox: a copy of the root filesystem, with its entrypoint started in it. */
async function createSandbox(host: SandboxHost, req: IncomingMessage, res: ServerResponse) {
  const body = (await readJson(req)) as Record<string, unknown> | undefined;
  const image = (body?.image as { uri?: unknown } | undefined)?.uri;
  if (typeof image !== 'string' || !Array.isArray(body?.entrypoint) || body.entrypoint.length === 0) {
    return problem(res, 400, 'image.uri and entrypoint are required');
  }
  const id = randomUUID().replaceAll('-', '').slice(0, 16);
  const root = join(host.base, id);
  mkdirSync(root);
  await run('cp', ['-a', `${host.rootfs}/.`, `${root}/`]);
  await run('mknod', ['-m', '666', join(root, 'dev/null'), 'c', '1', '3']).catch(() => {});
  const sandbox: FakeSandbox = { id, request: body, root, state: 'Running', commands: [] };
  host.sandboxes.set(id, sandbox);
  host.entrypoints.set(id, chrooted(sandbox, (body.entrypoint as string[]).join(' && '), '/', {}));
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

/** The running sandboxes, on one page. */
function listSandboxes(host: SandboxHost, res: ServerResponse) {
  const items = [...host.sandboxes.values()]
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

/** Ends a sandbox: its entrypoint and commands are killed, its files removed. */
function deleteSandbox(host: SandboxHost, sandbox: FakeSandbox, res: ServerResponse) {
  sandbox.state = 'Terminated';
  killGroup(host.entrypoints.get(sandbox.id));
  for (const [key, child] of host.processes) if (key.startsWith(`${sandbox.id}:`)) killGroup(child);
  rmSync(sandbox.root, { recursive: true, force: true });
  return empty(res, 204);
}
