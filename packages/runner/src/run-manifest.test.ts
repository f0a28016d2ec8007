import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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
import { useTempDir } from './test-support/fixtures.js';

const HOST_TEXT = 'host-only text\n';
const manifest: RunManifest = { format: RUN_MANIFEST_FORMAT, createdAt: 'now', invocation: {}, plan: ['a'] };

describe.runIf(process.platform !== 'win32')('run.json of a run directory someone else wrote', () => {
  let dir = '';
  let run = '';
  let host = '';
  useTempDir('run-manifest-', (made) => {
    dir = made;
    run = join(dir, 'run');
    host = join(dir, 'host');
    mkdirSync(run);
    mkdirSync(host);
    writeFileSync(join(host, 'bashrc'), HOST_TEXT);
  });
  const hostUntouched = () => {
    expect(readFileSync(join(host, 'bashrc'), 'utf8')).toBe(HOST_TEXT);
    expect(readdirSync(host)).toEqual(['bashrc']);
  };

  it('is written through no link planted at the temporary name an older skill-eval used, nor at its name', async () => {
    symlinkSync(join(host, 'bashrc'), join(run, `run.json.${process.pid}.tmp`));
    symlinkSync(join(host, 'made-through-a-link'), join(run, 'run.json'));
    await writeRunManifest(run, manifest);
    hostUntouched();
    expect(lstatSync(join(run, 'run.json')).isFile()).toBe(true);
    expect((await readRunManifest(run)).plan).toEqual(['a']);
  });

  it('is no run directory, at once, when its run.json is a FIFO, a link to /dev/zero or too large', async () => {
    mkdirSync(join(run, 'fifo'));
    waitingFifo(join(run, 'fifo', 'run.json'));
    const started = Date.now();
    expect(isRunDirectory(join(run, 'fifo'))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);

    mkdirSync(join(run, 'zero'));
    symlinkSync('/dev/zero', join(run, 'zero', 'run.json'));
    expect(isRunDirectory(join(run, 'zero'))).toBe(false);

    // A run.json linked from elsewhere is not this folder's: a link is never followed.
    await writeRunManifest(host, manifest);
    mkdirSync(join(run, 'linked'));
    symlinkSync(join(host, 'run.json'), join(run, 'linked', 'run.json'));
    expect(isRunDirectory(join(run, 'linked'))).toBe(false);
    expect(isRunDirectory(host)).toBe(true);
  });

  it('is refused by --resume, at once and naming it, when it is a FIFO or a link to /dev/zero', async () => {
    waitingFifo(join(run, 'run.json'));
    const started = Date.now();
    await expect(readRunManifest(run)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/run\.json cannot be read: .*not a regular file/),
    });
    expect(Date.now() - started).toBeLessThan(2000);

    symlinkSync('/dev/zero', join(host, 'run.json'));
    await expect(readRunManifest(host)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/run\.json cannot be read: .*symbolic link/),
    });
    // A missing one is still the usage error it always was.
    await expect(readRunManifest(join(dir, 'nowhere'))).rejects.toMatchObject({ code: 'USAGE' });
  });
});
