import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prestartLaunchers } from './process-launcher.js';
import { isGone, runCollecting } from './testing/index.js';

/** Pids of this process's children that run the launcher (`node -e <launcher source>`). */
function launcherPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const parent = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1];
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return parent === String(process.pid) && argv[1] === '-e' ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

describe('prestartLaunchers', () => {
  it('starts the launchers before any launch, and launches then go through them', async () => {
    expect(launcherPids()).toEqual([]);
    prestartLaunchers();
    const started = launcherPids();
    expect(started.length).toBeGreaterThan(0);
    prestartLaunchers(); // idempotent
    expect(launcherPids()).toEqual(started);

    const { lines } = await runCollecting('/bin/sh', ['-c', 'echo $PPID'], { env: {} });
    expect(started).toContain(Number(lines[0]));
    expect(launcherPids()).toEqual(started);
  });

  it('a launcher that dies ends its programs (and their groups), and the next launch starts a new one', async () => {
    prestartLaunchers();
    const lines: string[] = [];
    const running = runCollecting('/bin/sh', ['-c', 'echo $$; sleep 30'], {
      deadline: Date.now() + 20_000,
      onLine: (line) => lines.push(line),
    });
    await expect.poll(() => lines.length).toBe(1);
    for (const pid of launcherPids()) process.kill(pid, 'SIGKILL');
    const result = await running;
    expect(result).toMatchObject({ exitCode: null, timedOut: false });
    // The program's group is killed when its run ends.
    await expect.poll(() => isGone(Number(lines[0]))).toBe(true);

    const next = await runCollecting('/bin/sh', ['-c', 'echo again'], { env: {} });
    expect(next).toMatchObject({ exitCode: 0, lines: ['again'] });
  });
});
