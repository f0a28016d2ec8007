import { rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { readRegularTextSync, SkillEvalError } from '@skill-eval/core';

/** Held in a run directory while a process runs executions into it. */
export const RUN_LOCK_FILE = 'run.lock';

interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

/**
 * Takes `<outDir>` for this process until the returned release is called (or the process exits): a second process
 * resuming a run still running would run its executions again beside it, and its rewrite of results.jsonl would
 * lose the lines the first appends. A lock whose process is gone (killed outright) is taken over; one from another
 * machine cannot be checked, so it is taken over too rather than block a resume forever.
 */
export function takeRunLock(outDir: string, shown = outDir): () => void {
  const file = join(outDir, RUN_LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && attempt === 0 && !isRunning(holder)) {
        rmSync(file, { force: true });
        continue;
      }
      throw new SkillEvalError(
        'USAGE',
        `${shown} is being run now${holder ? ` by process ${holder.pid} (since ${holder.since})` : ''}.`,
        {
          hint: `Wait for it to end, or stop it (Ctrl-C); then \`skill-eval run --resume ${shown}\` runs what it left. If no such process runs, delete ${join(shown, RUN_LOCK_FILE)}.`,
        },
      );
    }
  }
  // A process that quits at once (a second Ctrl-C) still lets the directory go.
  const release = () => {
    process.off('exit', release);
    const holder = readHolder(file);
    if (holder?.pid === mine.pid && holder.since === mine.since) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

/** The most a lock skill-eval wrote holds: a pid, a host name and a time. */
const LOCK_LIMIT = 4096;

/**
 * Who holds the lock, as its file says; undefined when it says nothing readable. A run directory may be someone
 * else's: a run.lock that is a link (to /dev/zero) or a FIFO is read as a regular file only, at once, and no more than
 * a lock holds — it then holds the directory as a lock of no known process would, and the user is told to delete it.
 */
function readHolder(file: string): LockHolder | undefined {
  try {
    return JSON.parse(readRegularTextSync(file, LOCK_LIMIT)) as LockHolder;
  } catch {
    return undefined;
  }
}

/** Whether the holder's process still runs; a holder on another machine counts as gone. */
function isRunning(holder: LockHolder): boolean {
  if (holder.host !== hostname() || !Number.isInteger(holder.pid)) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
