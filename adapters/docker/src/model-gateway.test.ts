import { getEventListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODEL_APIS, mapApis } from '@skill-eval/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelGateway } from './model-gateway.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A connection to `path`, once made. */
const connected = (path: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(path, () => resolve(socket));
    socket.on('error', reject);
  });

const closedSoon = (socket: Socket) =>
  new Promise<boolean>((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve(true);
    socket.once('close', () => resolve(true));
    setTimeout(() => resolve(false), 2000);
  });

/** A gateway whose supervisor (a stand-in on its lifeline) has said it is ready, waited for under `signal`. */
async function readyGateway(signal: AbortSignal) {
  const dir = mkdtempSync(join(tmpdir(), 'se-gw-'));
  dirs.push(dir);
  const gateway = await startModelGateway(
    dir,
    mapApis(() => 'http://127.0.0.1:9'),
  );
  const supervisor = await connected(gateway.lifeSocket);
  supervisor.write('ready\n');
  await gateway.ready(5000, signal);
  return { gateway, supervisor };
}

describe('the container lifeline', () => {
  it("leaves nothing on the run's signal once the supervisor is ready, however many containers share it", async () => {
    const run = new AbortController();
    for (let container = 0; container < 3; container++) await (await readyGateway(run.signal)).gateway.close();
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('cannot be held open by a program in the container: close ends every connection and returns', async () => {
    const { gateway, supervisor } = await readyGateway(new AbortController().signal);
    // An agent inside opens the lifeline again and keeps it: it is cut at once.
    const agent = await connected(gateway.lifeSocket);
    agent.on('error', () => {});
    expect(await closedSoon(agent)).toBe(true);
    // A held model connection does not keep close waiting either.
    const held = await connected(gateway.modelSocket);
    held.on('error', () => {});
    const closing = gateway.close().then(() => 'closed');
    const late = new Promise((resolve) => setTimeout(() => resolve('still open after 3 s'), 3000));
    expect(await Promise.race([closing, late])).toBe('closed');
    expect(await closedSoon(supervisor)).toBe(true);
  });
});

/** A POST through the gateway's socket: the status and body it answers. */
const post = (socketPath: string, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { socketPath, path, method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });

describe('the model gateway', () => {
  it("sends each routable API's path on to that API's own endpoint, and nothing else anywhere", async () => {
    const seen: string[] = [];
    const upstream = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.end('answered');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const dir = mkdtempSync(join(tmpdir(), 'se-gw-'));
    dirs.push(dir);
    const gateway = await startModelGateway(
      dir,
      mapApis((api) => `${at}/${api}-upstream`),
    );
    try {
      for (const api of MODEL_APIS) {
        expect(await post(gateway.modelSocket, `/${api}/v1beta/models/m:generateContent?alt=sse`)).toEqual({
          status: 200,
          body: 'answered',
        });
      }
      expect(seen).toEqual(MODEL_APIS.map((api) => `/${api}-upstream/v1beta/models/m:generateContent?alt=sse`));
      const elsewhere = await post(gateway.modelSocket, '/example/v1/messages');
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body).toContain('/gemini/…');
      expect(seen).toHaveLength(MODEL_APIS.length);
    } finally {
      await gateway.close();
      upstream.close();
    }
  });
});
