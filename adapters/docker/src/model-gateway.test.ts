import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('the container lifeline', () => {
  it('cannot be held open by a program in the container: close ends every connection and returns', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'se-gw-'));
    dirs.push(dir);
    const gateway = await startModelGateway(dir, { anthropic: 'http://127.0.0.1:9', openai: 'http://127.0.0.1:9' });
    const supervisor = await connected(gateway.lifeSocket);
    supervisor.write('ready\n');
    await gateway.ready(5000, new AbortController().signal);
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
