import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeDirectory, makeDirectorySync } from './make-directory.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'make-directory-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['makeDirectory', (path: string) => makeDirectory(path)],
  ['makeDirectorySync', async (path: string) => makeDirectorySync(path)],
])('%s', (_name, make) => {
  it('creates the missing folders, and leaves one that exists as it is', async () => {
    await make(join(dir, 'a', 'b', 'c'));
    expect(statSync(join(dir, 'a', 'b', 'c')).isDirectory()).toBe(true);
    writeFileSync(join(dir, 'a', 'kept'), 'x');
    await make(join(dir, 'a'));
    expect(existsSync(join(dir, 'a', 'kept'))).toBe(true);
  });

  it('fails below a file (ENOTDIR) and below a broken symbolic link (ENOENT)', async () => {
    writeFileSync(join(dir, 'file'), 'x');
    await expect(make(join(dir, 'file', 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    symlinkSync(join(dir, 'gone'), join(dir, 'link'));
    await expect(make(join(dir, 'link', 'sub', 'deeper'))).rejects.toMatchObject({
      code: 'ENOENT',
      path: join(dir, 'link', 'sub'),
    });
  });
});

// The synchronous form is checked in a child process by the CLI's tests: spinning, it would stop this one for good.
it('fails in a folder that takes no new folder (/proc), where Node’s recursive mkdir never returns', async () => {
  await expect(makeDirectory(`/proc/skill-eval-${process.pid}/sub`)).rejects.toMatchObject({ code: 'ENOENT' });
});
