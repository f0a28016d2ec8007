import { existsSync, lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { waitingFifo } from '@skill-eval/testing';
import { describe, expect, it } from 'vitest';
import { RUN_LOCK_FILE, takeRunLock } from './run-lock.js';
import { useTempDir } from './test-support/fixtures.js';

describe.runIf(process.platform !== 'win32')('run.lock of a run directory someone else wrote', () => {
  let run = '';
  useTempDir('run-lock-', (made) => {
    run = made;
  });

  it('is taken, and let go, in a directory without one', () => {
    const release = takeRunLock(run);
    expect(lstatSync(join(run, RUN_LOCK_FILE)).isFile()).toBe(true);
    release();
    expect(existsSync(join(run, RUN_LOCK_FILE))).toBe(false);
  });

  it('refuses the run at once, naming the lock, when run.lock is a link to /dev/zero or a FIFO', () => {
    symlinkSync('/dev/zero', join(run, RUN_LOCK_FILE));
    let started = Date.now();
    expect(() => takeRunLock(run, 'shown')).toThrow(
      expect.objectContaining({ code: 'USAGE', hint: expect.stringContaining(join('shown', RUN_LOCK_FILE)) }),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    // What was planted is left for the user to look at; nothing was read through it.
    expect(lstatSync(join(run, RUN_LOCK_FILE)).isSymbolicLink()).toBe(true);

    const other = join(run, 'other');
    mkdirSync(other);
    waitingFifo(join(other, RUN_LOCK_FILE));
    started = Date.now();
    expect(() => takeRunLock(other, 'other')).toThrow(
      expect.objectContaining({ code: 'USAGE', message: expect.stringContaining('other') }),
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
