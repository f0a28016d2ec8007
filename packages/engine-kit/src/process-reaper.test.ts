import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { newReapMark, REAP_MARK_VARIABLE, reapLiveMarksSync, reapMarked, reapVerdict } from './process-reaper.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    // A killed child of ours stays a zombie until reaped: it is dead all the same.
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** Runs `script` in a shell and resolves to the pid it prints (a process it started in the background). */
function startedPid(script: string, env?: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const shell = spawn('sh', ['-c', script], { ...(env ? { env } : {}), stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    shell.stdout.on('data', (chunk) => {
      out += chunk;
    });
    shell.on('error', reject);
    shell.on('close', () => resolve(Number(out.trim())));
  });
}

/** A sleeper that left this process group (setsid), with `env` (and PATH) as its environment. */
const escapedSleeper = (env: Record<string, string>) =>
  startedPid('setsid sh -c "sleep 300 >/dev/null 2>&1 & echo \\$!" < /dev/null', {
    PATH: process.env.PATH ?? '',
    ...env,
  });

/** A sleeper with no environment at all (`env -i`), outside this process group. */
const bareSleeper = () => startedPid('setsid env -i sleep 300 </dev/null >/dev/null 2>&1 & echo $!');

describe.runIf(process.platform === 'linux')('the process reaper', () => {
  it('kills a process that left its group, by the mark in its environment, and nothing else', async () => {
    const mark = newReapMark();
    const marked = await escapedSleeper({ [REAP_MARK_VARIABLE]: mark });
    const other = await escapedSleeper({ [REAP_MARK_VARIABLE]: `${mark}0` });
    expect(alive(marked)).toBe(true);
    expect(await reapMarked(mark)).toBeGreaterThanOrEqual(1);
    expect(alive(marked)).toBe(false);
    expect(alive(other)).toBe(true);
    process.kill(other, 'SIGKILL');
  });

  it('kills at once, for a process about to exit, every process of a mark not reaped yet', async () => {
    const pids = await Promise.all(
      [newReapMark(), newReapMark()].map((mark) => escapedSleeper({ [REAP_MARK_VARIABLE]: mark })),
    );
    reapLiveMarksSync();
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it('waits on a process with no environment at one reap, and not again at the next', async () => {
    const bare = await bareSleeper();
    // Until sleep has exec'd, /proc shows env's (or sh's) environment; once it is empty, the reaper cannot tell. Each
    // exec on the way (setsid, env) also shows an empty one for a moment, so wait for sleep itself: its name is set
    // before its environment, which stays empty from then on.
    await vi.waitUntil(
      () =>
        readFileSync(`/proc/${bare}/comm`, 'utf8') === 'sleep\n' &&
        readFileSync(`/proc/${bare}/environ`).length === 0 &&
        alive(bare),
    );
    const mark = newReapMark();
    const waits = vi.spyOn(globalThis, 'setTimeout');
    try {
      expect(reapVerdict(bare, mark)).toBe('unsure');
      await reapMarked(mark);
      expect(waits.mock.calls.length).toBeGreaterThan(0);
      // The next reap takes it for a process without an environment and does not wait on it again. (Counting that
      // reap's waits would also count processes other tests start with `env -i` meanwhile.)
      expect(reapVerdict(bare, newReapMark())).toBe('other');
      expect(alive(bare)).toBe(true);
    } finally {
      waits.mockRestore();
      process.kill(bare, 'SIGKILL');
    }
  });
});
