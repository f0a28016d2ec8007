import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleRootfs } from '../docker/test-docker.js';
import { execdApi } from './execd-api.js';
import { problem } from './http-answers.js';
import { lifecycleApi } from './lifecycle-api.js';
import { type FakeSandbox, killGroup, type SandboxHost } from './sandbox-host.js';

export type { FakeSandbox } from './sandbox-host.js';

/** The port execd listens on in every sandbox (the SDK's DEFAULT_EXECD_PORT). */
const EXECD_PORT = 44772;

/** A stand-in for an OpenSandbox server: its lifecycle API and each sandbox's execd API, from the published specs. */
export interface FakeOpenSandbox {
  /** `http://127.0.0.1:PORT`: the server's domain, for `OPENSANDBOX_BASE_URL`. */
  url: string;
  apiKey: string;
  sandboxes: Map<string, FakeSandbox>;
  close(): Promise<void>;
}

/**
 * Starts the fake on 127.0.0.1. Sandboxes are directories holding a small root filesystem (busybox and the host's C
 * library); execd's commands run in them with `chroot` (so it needs root), sharing this machine's network — the
 * network policy a sandbox was created with is kept in its request, not enforced. Commands stream their output as
 * SSE events and are killed with their process group when the client goes away, as execd does.
 */
export async function startFakeOpenSandbox(options: { apiKey?: string } = {}): Promise<FakeOpenSandbox> {
  const base = mkdtempSync(join(tmpdir(), 'se-fake-osb-'));
  const host: SandboxHost = {
    apiKey: options.apiKey ?? `fake-${randomUUID()}`,
    base,
    rootfs: join(base, 'rootfs'),
    url: '',
    sandboxes: new Map<string, FakeSandbox>(),
    processes: new Map(),
    entrypoints: new Map(),
  };
  mkdirSync(host.rootfs);
  await assembleRootfs(host.rootfs);
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => route(host, req, res))
      .catch((error: Error) => {
        if (!res.headersSent) problem(res, 500, error.message);
        else res.end();
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: host.url,
    apiKey: host.apiKey,
    sandboxes: host.sandboxes,
    async close() {
      for (const child of [...host.processes.values(), ...host.entrypoints.values()]) killGroup(child);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** The lifecycle API under `/v1/`, each sandbox's execd under `/sandboxes/<id>/port/<execd port>/`. */
function route(host: SandboxHost, req: IncomingMessage, res: ServerResponse): Promise<unknown> | unknown {
  const parsed = new URL(req.url ?? '/', 'http://fake');
  const routed = /^\/sandboxes\/([^/]+)\/port\/(\d+)(\/.*)$/.exec(parsed.pathname);
  if (!routed) {
    if (parsed.pathname.startsWith('/v1/')) return lifecycleApi(host, req, res, parsed.pathname.slice(3));
    return problem(res, 404, `no route ${parsed.pathname}`);
  }
  const sandbox = host.sandboxes.get(routed[1]!);
  if (sandbox?.state !== 'Running' || Number(routed[2]) !== EXECD_PORT) {
    return problem(res, 404, 'no such sandbox endpoint');
  }
  return execdApi(host, req, res, sandbox, { path: routed[3]!, query: parsed.searchParams });
}
