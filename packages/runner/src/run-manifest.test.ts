import { lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { waitingFifo } from '@skill-eval/testing';
import { describe, expect, it } from 'vitest';
import {
  isRunDirectory,
  RUN_MANIFEST_FORMAT,
  type RunManifest,
  readRunManifest,
  writeRunManifest,
} from './run-manifest.js';
import { useRunBesideHost } from './test-support/fixtures.js';

const manifest: RunManifest = { format: RUN_MANIFEST_FORMAT, createdAt: 'now', invocation: {}, plan: ['a'] };

describe.runIf(process.platform !== 'win32')('run.json of a run directory someone else wrote', () => {
  const { at, hostUntouched } = useRunBesideHost('run-manifest-');

  it('is written through no link planted at the temporary name an older skill-eval used, nor at its name', async () => {
    symlinkSync(join(at.host, 'bashrc'), join(at.run, `run.json.${process.pid}.tmp`));
    symlinkSync(join(at.host, 'made-through-a-link'), join(at.run, 'run.json'));
    await writeRunManifest(at.run, manifest);
    hostUntouched();
    expect(lstatSync(join(at.run, 'run.json')).isFile()).toBe(true);
    expect((await readRunManifest(at.run)).plan).toEqual(['a']);
  });

  it('is no run directory, at once, when its run.json is a FIFO, a link to /dev/zero or too large', async () => {
    mkdirSync(join(at.run, 'fifo'));
    waitingFifo(join(at.run, 'fifo', 'run.json'));
    const started = Date.now();
    expect(isRunDirectory(join(at.run, 'fifo'))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);

    mkdirSync(join(at.run, 'zero'));
    symlinkSync('/dev/zero', join(at.run, 'zero', 'run.json'));
    expect(isRunDirectory(join(at.run, 'zero'))).toBe(false);

    // A run.json linked from elsewhere is not this folder's: a link is never followed.
    await writeRunManifest(at.host, manifest);
    mkdirSync(join(at.run, 'linked'));
    symlinkSync(join(at.host, 'run.json'), join(at.run, 'linked', 'run.json'));
    expect(isRunDirectory(join(at.run, 'linked'))).toBe(false);
    expect(isRunDirectory(at.host)).toBe(true);
  });

  it('is refused by --resume, at once and naming it, when it is a FIFO or a link to /dev/zero', async () => {
    waitingFifo(join(at.run, 'run.json'));
    const started = Date.now();
    await expect(readRunManifest(at.run)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/run\.json cannot be read: .*not a regular file/),
    });
    expect(Date.now() - started).toBeLessThan(2000);

    symlinkSync('/dev/zero', join(at.host, 'run.json'));
    await expect(readRunManifest(at.host)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/run\.json cannot be read: .*symbolic link/),
    });
    // A missing one is still the usage error it always was.
    await expect(readRunManifest(join(at.dir, 'nowhere'))).rejects.toMatchObject({ code: 'USAGE' });
  });
});
