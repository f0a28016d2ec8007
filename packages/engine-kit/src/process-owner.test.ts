import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { OWNER_LABELS, ownerGone, processStart } from './process-owner.js';

/** The labels a run of process `pid` gives what it owns. */
const labelsOf = (pid: number, host = hostname()) => ({
  [OWNER_LABELS.pid]: String(pid),
  [OWNER_LABELS.started]: processStart(pid) ?? '',
  [OWNER_LABELS.host]: host,
});

/** The state letter /proc gives process `pid`. */
const stateOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
};

describe.runIf(process.platform === 'linux')('ownerGone', () => {
  it('is false while the owner runs, and true once it has ended, though its parent has not collected it', async () => {
    // The short sleep ends once its shell has become the long one, which never collects it: a zombie till then.
    const script = 'sleep 0.2 & echo $!; exec sleep 30';
    const parent = spawn('/bin/sh', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(String(chunk)))),
      );
      await expect.poll(() => stateOf(zombie), { timeout: 10_000 }).toBe('Z');
      expect(ownerGone(labelsOf(zombie))).toBe(true);
      expect(ownerGone(labelsOf(parent.pid!))).toBe(false);
      // A live process of that pid that started at another time is another process: the owner is gone.
      expect(ownerGone({ ...labelsOf(parent.pid!), [OWNER_LABELS.started]: '1' })).toBe(true);
      // Another machine's owner is never taken for gone.
      expect(ownerGone(labelsOf(zombie, `not-${hostname()}`))).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
