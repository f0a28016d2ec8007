import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { prestartLaunchers } from './process-launcher.js';
import { isGone, runCollecting } from './testing/index.js';

/** Pids of this process's children that run the launcher (`node <its options> -e <launcher source>`). */
function launcherPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const parent = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1];
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return parent === String(process.pid) && argv.includes('-e') ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

/** How many threads the process `pid` has now. */
const threadsOf = (pid: number): number =>
  Number(/^Threads:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** The pid of the launcher that started the program: its parent. */
async function launcherOfProgram(): Promise<number> {
  const { lines } = await runCollecting('/bin/sh', ['-c', 'echo $PPID'], { env: {} });
  return Number(lines[0]);
}

/** Starts `script` through a launcher and waits for its first line: the program runs, relayed. */
async function startedProgram(script: string) {
  prestartLaunchers();
  const lines: string[] = [];
  const running = runCollecting('/bin/sh', ['-c', script], {
    deadline: Date.now() + 20_000,
    onLine: (line) => lines.push(line),
  });
  await expect.poll(() => lines.length).toBe(1);
  return { lines, running };
}

describe('prestartLaunchers', () => {
  it('starts one launcher before any launch; a run of many programs gets a second on a machine of several cores', async () => {
    expect(launcherPids()).toEqual([]);
    prestartLaunchers();
    const first = launcherPids();
    expect(first).toHaveLength(1);
    prestartLaunchers(); // idempotent
    expect(launcherPids()).toEqual(first);
    expect(await launcherOfProgram()).toBe(first[0]);
    expect(launcherPids()).toEqual(first);

    // A second launcher is started from the 64th launch on, and takes programs once it is ready.
    const expected = Math.min(2, availableParallelism());
    const parents = new Set<number>();
    const deadline = Date.now() + 10_000;
    for (let launches = 1; launches < 64 || (parents.size < expected && Date.now() < deadline); launches += 4) {
      const batch = await Promise.all(Array.from({ length: 4 }, () => launcherOfProgram()));
      for (const pid of batch) parents.add(pid);
    }
    const all = launcherPids();
    expect(all).toHaveLength(expected);
    expect(all).toContain(first[0]);
    expect([...parents].sort()).toEqual([...all].sort());
  });

  it('starts the launcher with fewer threads than a Node process has by default (each fork and cgroup move costs less)', async () => {
    prestartLaunchers();
    const [launcher] = launcherPids();
    const plain = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    try {
      // Both have started their threads once they take input: the launcher when it is ready, a plain Node at once.
      await launcherOfProgram();
      await expect.poll(() => threadsOf(plain.pid!), { timeout: 15_000 }).toBeGreaterThan(4);
      expect(threadsOf(launcher!)).toBeLessThan(threadsOf(plain.pid!));
      expect(threadsOf(launcher!)).toBeLessThanOrEqual(4);
    } finally {
      plain.kill('SIGKILL');
    }
  });

  it('a launcher that dies ends its programs (and their groups), and the next launch starts a new one', async () => {
    const { lines, running } = await startedProgram('echo $$; sleep 30');
    for (const pid of launcherPids()) process.kill(pid, 'SIGKILL');
    const result = await running;
    expect(result).toMatchObject({ exitCode: null, timedOut: false });
    // The program's group is killed when its run ends.
    await expect.poll(() => isGone(Number(lines[0]))).toBe(true);

    const next = await runCollecting('/bin/sh', ['-c', 'echo again'], { env: {} });
    expect(next).toMatchObject({ exitCode: 0, lines: ['again'] });
  });
});

describe('an interrupt sent to the process group', () => {
  it('leaves the launcher relaying: the parent decides what stops, and the program ends with its own status', async () => {
    const { running } = await startedProgram('echo started; sleep 0.5; exit 3');
    for (const pid of launcherPids()) {
      process.kill(pid, 'SIGINT');
      process.kill(pid, 'SIGTERM');
    }
    expect(await running).toMatchObject({ exitCode: 3, timedOut: false });
  });
});

describe('a launcher that died unseen', () => {
  it('a launch sent to it before its exit is seen starts on a fresh launcher instead', async () => {
    prestartLaunchers();
    await runCollecting('/bin/sh', ['-c', 'true'], { env: {} });
    const before = launcherPids();
    for (const pid of before) process.kill(pid, 'SIGKILL');
    // Block until they are gone, so that this turn's launch goes to a launcher whose exit is not yet handled.
    const until = Date.now() + 5_000;
    while (before.some((pid) => !isGone(pid)) && Date.now() < until)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    const next = await runCollecting('/bin/sh', ['-c', 'echo fresh'], { env: {} });
    expect(next).toMatchObject({ exitCode: 0, lines: ['fresh'] });
    expect(launcherPids().some((pid) => before.includes(pid))).toBe(false);
  });

  it('a launch it took but never started, dying, starts on a fresh launcher instead', async () => {
    prestartLaunchers();
    await runCollecting('/bin/sh', ['-c', 'true'], { env: {} });
    const before = launcherPids();
    // Stopped, a launcher takes the request into its channel but never reads it; then it dies.
    for (const pid of before) process.kill(pid, 'SIGSTOP');
    const next = runCollecting('/bin/sh', ['-c', 'echo fresh'], { env: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const pid of before) process.kill(pid, 'SIGKILL');
    expect(await next).toMatchObject({ exitCode: 0, lines: ['fresh'] });
    expect(launcherPids().some((pid) => before.includes(pid))).toBe(false);
  });
});
