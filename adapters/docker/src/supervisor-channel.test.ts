import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ProgramEvent, SupervisorChannel } from './supervisor-channel.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A channel on one end of a Unix socket connection, and the supervisor's end (a stand-in) with what it was sent. */
async function pair() {
  const dir = mkdtempSync(join(tmpdir(), 'se-ch-'));
  dirs.push(dir);
  const channel = new SupervisorChannel();
  const server = createServer((socket) => channel.attach(socket));
  await new Promise<void>((resolve) => server.listen(join(dir, 'life.sock'), resolve));
  const supervisor: Socket = await new Promise((resolve) => {
    const socket = connect(join(dir, 'life.sock'), () => resolve(socket));
  });
  const sent: Record<string, unknown>[] = [];
  let pending = '';
  supervisor.setEncoding('utf8');
  supervisor.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    sent.push(...lines.map((line) => JSON.parse(line)));
  });
  const say = (...lines: string[]) => supervisor.write(lines.map((line) => `${line}\n`).join(''));
  return { channel, supervisor, server, sent, say };
}

const until = async (what: () => boolean) => {
  for (let i = 0; i < 200 && !what(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("a container supervisor's channel", () => {
  it('hears ready, then each program by its own id, whatever order their events come in', async () => {
    const { channel, server, sent, say } = await pair();
    say('ready');
    await channel.readySeen;
    const heard: Record<number, ProgramEvent[]> = { 1: [], 2: [] };
    const listener = (n: number) => ({ event: (e: ProgramEvent) => heard[n]!.push(e), gone: () => {} });
    const first = channel.run({ file: 'a', args: [], cwd: '/', env: {} }, listener(1));
    const second = channel.run({ file: 'b', args: [], cwd: '/', env: {} }, listener(2));
    await until(() => sent.length === 2);
    expect(sent).toEqual([
      { file: 'a', args: [], cwd: '/', env: {}, type: 'run', id: first },
      { file: 'b', args: [], cwd: '/', env: {}, type: 'run', id: second },
    ]);
    say(
      JSON.stringify({ id: second, type: 'stdout', data: 'Yg==' }),
      JSON.stringify({ id: first, type: 'stdout', data: 'YQ==' }),
      JSON.stringify({ id: 99, type: 'stdout', data: 'eA==' }),
      JSON.stringify({ id: first, type: 'exit', code: 0, signal: null }),
      JSON.stringify({ id: first, type: 'stdout', data: 'bGF0ZQ==' }),
    );
    await until(() => heard[1]!.length === 2);
    expect(heard[1]).toEqual([
      { id: first, type: 'stdout', data: 'YQ==' },
      { id: first, type: 'exit', code: 0, signal: null },
    ]);
    expect(heard[2]).toEqual([{ id: second, type: 'stdout', data: 'Yg==' }]);
    channel.kill(second);
    channel.kill(first);
    await until(() => sent.length === 3);
    // A finished program is not killed again: its id could be nobody's now.
    expect(sent.slice(2)).toEqual([{ type: 'kill', id: second }]);
    server.close();
  });

  it('tells every program still running that the supervisor is gone when the lifeline closes, and refuses new ones', async () => {
    const { channel, supervisor, server } = await pair();
    const gone: string[] = [];
    channel.run({ file: 'a', args: [], cwd: '/', env: {} }, { event: () => {}, gone: () => gone.push('a') });
    supervisor.destroy();
    await until(() => gone.length === 1);
    expect(gone).toEqual(['a']);
    channel.run({ file: 'b', args: [], cwd: '/', env: {} }, { event: () => {}, gone: () => gone.push('b') });
    await until(() => gone.length === 2);
    expect(gone).toEqual(['a', 'b']);
    server.close();
  });
});
