import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAUNCHER_SOURCE } from './launcher-source.js';
import { isGone } from './testing/index.js';

/** Starts the launcher with an IPC channel, lets `parent` act on it, and reports how the launcher ended. */
function launcherEnding(
  parent: (launcher: ReturnType<typeof spawn>) => void,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const launcher = spawn(process.execPath, ['-e', LAUNCHER_SOURCE], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    // Its exit and the end of its stderr, not 'close': a channel the parent disconnected never reports closing.
    const stderrEnded = new Promise((ended) => launcher.stderr!.setEncoding('utf8').on('end', ended));
    launcher.stderr!.on('data', (text: string) => {
      stderr += text;
    });
    launcher.once('error', reject);
    launcher.once('exit', (code) => void stderrEnded.then(() => resolve({ code, stderr })));
    parent(launcher);
  });
}

/** Calls `handle` with each reply of the launcher, in order: its messages are lists of them. */
function onReply<T>(launcher: ReturnType<typeof spawn>, handle: (reply: T) => void): void {
  launcher.on('message', (replies: T[]) => {
    for (const reply of replies) handle(reply);
  });
}

/** A request to run `sh -c script` in `cwd`, with no stdin; `more` adds fields (an output file, a kept group, a cgroup). */
function shellRequest(id: number, script: string, cwd: string, more: Record<string, unknown> = {}) {
  return { t: 'spawn', id, file: '/bin/sh', args: ['-c', script], argv0: null, cwd, env: {}, stdin: null, ...more };
}

/**
 * Turns the file at `path` into an empty folder while the launcher may write it again at any moment: its warming move
 * creates the file anew when it finds none, so a removal and a mkdir can be raced (EEXIST); they are tried again.
 */
function replaceWithFolder(path: string): void {
  for (;;) {
    rmSync(path, { force: true });
    try {
      mkdirSync(path);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

describe('the launcher process', () => {
  it('ends quietly when its parent goes before it is ready (no write error on the shared stderr)', async () => {
    // The parent closes the channel at once: the launcher's `ready` then has nowhere to go.
    const ended = await launcherEnding((launcher) => launcher.disconnect());
    expect(ended).toEqual({ code: 0, stderr: '' });
  });

  it("sends what one turn of its event loop produced as one message: a program's exit and close together", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'launcher-batch-'));
    const messages: { t: string }[][] = [];
    try {
      const ended = await launcherEnding((launcher) => {
        launcher.on('message', (replies: { t: string }[]) => {
          messages.push(replies);
          if (replies.some((reply) => reply.t === 'ready'))
            launcher.send(shellRequest(1, 'exit 3', dir, { output: join(dir, 'out.log') }));
          if (replies.some((reply) => reply.t === 'close')) launcher.disconnect();
        });
      });
      expect(ended).toEqual({ code: 0, stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Without pipes, the program's end is one event of the launcher's loop: its exit and close go out in one write.
    expect(messages.map((replies) => replies.map((reply) => reply.t))).toEqual([['ready'], ['pid'], ['exit', 'close']]);
  });

  it('ends quietly when its parent goes while it relays a program', async () => {
    const ended = await launcherEnding((launcher) => {
      launcher.once('message', () => {
        // Ready (its first message): start a program that writes at once, then leave before its output can be relayed.
        launcher.send(shellRequest(1, 'echo out; echo err >&2', process.cwd()));
        launcher.disconnect();
      });
    });
    expect(ended).toEqual({ code: 0, stderr: '' });
  });

  it('kills the groups of the programs it relays when its parent goes (a parent killed outright cannot)', async () => {
    const pids: number[] = [];
    const ended = await launcherEnding((launcher) => {
      onReply(launcher, (message: { t: string; data?: string }) => {
        if (message.t === 'ready') {
          // The program prints its pid and that of a background child, then waits on as an agent would.
          launcher.send(shellRequest(1, 'sleep 30 & echo $$ $!; wait', process.cwd()));
        }
        if (message.t === 'out') {
          pids.push(...message.data!.trim().split(' ').map(Number));
          launcher.disconnect();
        }
      });
    });
    expect(ended).toEqual({ code: 0, stderr: '' });
    expect(pids).toHaveLength(2);
    await expect.poll(() => pids.every(isGone), { timeout: 15_000 }).toBe(true);
  });

  it('kills a kept group whose leader has exited when its parent goes, and not one the parent released', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'launcher-keep-'));
    // A setup step: it starts a service in the background, writes its pid to the output file and exits.
    const setup = (id: number) =>
      shellRequest(id, 'sleep 30 & echo $!', dir, { output: join(dir, `${id}.log`), keep: true });
    const servicePid = (id: number) => Number(readFileSync(join(dir, `${id}.log`), 'utf8').trim());
    try {
      const ended = await launcherEnding((launcher) => {
        const closed = new Set<number>();
        onReply(launcher, (message: { t: string; id?: number }) => {
          if (message.t === 'ready') {
            launcher.send(setup(1));
            launcher.send(setup(2));
          }
          // Its output went to the file, not to the parent.
          expect(message.t).not.toMatch(/^(out|err)$/);
          if (message.t === 'close') closed.add(message.id!);
          if (message.t === 'close' && closed.size === 2) {
            expect([servicePid(1), servicePid(2)].some(isGone)).toBe(false);
            // The parent kills (here: will kill) the second group itself.
            launcher.send({ t: 'release', id: 2 });
            launcher.disconnect();
          }
        });
      });
      expect(ended).toEqual({ code: 0, stderr: '' });
      await expect.poll(() => isGone(servicePid(1)), { timeout: 15_000 }).toBe(true);
      expect(isGone(servicePid(2))).toBe(false);
    } finally {
      if (!isGone(servicePid(2))) process.kill(servicePid(2), 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Around each fork it moves into the execution's cgroup and back (here: plain files, which take the writes a
  // cgroup.procs would); for a second after, it moves itself into its own cgroup again and again (see keepMovesQuick).
  const spawnInCgroup = (dir: string, id: number) =>
    shellRequest(id, 'exit 0', dir, {
      output: join(dir, `${id}.log`),
      cgroup: { enter: join(dir, 'enter'), leave: join(dir, 'home') },
    });

  it('moves itself into its own cgroup every few milliseconds for a second after a move, then stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'launcher-warm-'));
    const moves: number[] = [];
    let moved = 0;
    try {
      const ended = await launcherEnding((launcher) => {
        onReply(launcher, (reply: { t: string }) => {
          if (reply.t === 'ready') launcher.send(spawnInCgroup(dir, 1));
          if (reply.t !== 'pid') return;
          moved = Date.now();
          const watcher = watch(join(dir, 'home'), () => moves.push(Date.now() - moved));
          setTimeout(() => {
            watcher.close();
            launcher.disconnect();
          }, 2500);
        });
      });
      expect(ended).toEqual({ code: 0, stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Every 5 ms while warm: a loaded machine delays timers, never to fewer than a few in half a second.
    expect(moves.filter((ms) => ms < 500).length).toBeGreaterThanOrEqual(3);
    // The second has passed (the last move was just before its pid came; a busy machine may report a move late): no
    // more moves.
    expect(moves.filter((ms) => ms > 1600)).toEqual([]);
  });

  it('survives a warming move that fails, and goes on starting programs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'launcher-warm-'));
    const replies: string[] = [];
    try {
      const ended = await launcherEnding((launcher) => {
        onReply(launcher, (reply: { t: string; id?: number }) => {
          replies.push(`${reply.t}${reply.id ?? ''}`);
          if (reply.t === 'ready') launcher.send(spawnInCgroup(dir, 1));
          if (reply.t === 'pid' && reply.id === 1) {
            // Its own cgroup.procs becomes a folder: the next warming move fails.
            replaceWithFolder(join(dir, 'home'));
            setTimeout(() => launcher.send({ ...spawnInCgroup(dir, 2), cgroup: null }), 100);
          }
          if (reply.t === 'close' && reply.id === 2) launcher.disconnect();
        });
      });
      expect(ended).toEqual({ code: 0, stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(replies).toEqual(['ready', 'pid1', 'exit1', 'close1', 'pid2', 'exit2', 'close2']);
  });

  // The containment probe (execution-containment.ts): here against plain files, which take the write a cgroup.procs
  // would, and a missing one, which refuses it.
  it.each<[string, 'waits on' | 'ends', string, string, string | null]>([
    ['both moves made', 'waits on', 'enter', 'leave', null],
    ['the move in failed', 'waits on', 'missing/enter', 'leave', 'ENOENT'],
    ['the move back out failed', 'ends', 'enter', 'missing/leave', 'ENOENT'],
  ])('answers a probe with %s, and then %s', async (_, then, enter, leave, error) => {
    const dir = mkdtempSync(join(tmpdir(), 'launcher-probe-'));
    const replies: { t: string; id?: number; error?: string | null }[] = [];
    try {
      const ended = await launcherEnding((launcher) => {
        onReply(launcher, (reply: { t: string; id?: number; error?: string | null }) => {
          replies.push(reply);
          if (reply.t === 'ready')
            launcher.send({ t: 'probe', id: 7, enter: join(dir, enter), leave: join(dir, leave) });
          // A launcher that can take more has its parent leave; one stuck in the probe's cgroup ends by itself.
          if (reply.t === 'probed' && then === 'waits on')
            setTimeout(() => {
              replies.push({ t: launcher.exitCode === null ? 'still there' : 'ended' });
              launcher.disconnect();
            }, 100);
        });
      });
      expect(ended).toEqual({ code: 0, stderr: '' });
      const after = then === 'waits on' ? [{ t: 'still there' }] : [];
      expect(replies).toEqual([{ t: 'ready' }, { t: 'probed', id: 7, error }, ...after]);
      if (error === null) expect(readFileSync(join(dir, 'leave'), 'utf8')).toBe('0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
