import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountOverlay, unmount } from './overlay-mount.js';

const dir = mkdtempSync(join(tmpdir(), 'overlay-mount-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Where mounts are allowed, stage-skills and the fixture stager's tests mount and unmount for real; these hold what
// a mount that fails gives its caller, which then copies instead, on any machine.
describe('mount and unmount programs', () => {
  it('throws, naming the program and what it said, when the mount fails', async () => {
    const target = join(dir, 'target');
    mkdirSync(target);
    const failed = await mountOverlay([join(dir, 'no-such-lower')], join(dir, 'scratch'), target).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/^mount -t overlay overlay -o lowerdir=.*no-such-lower.*: \S/);
  });

  it('ends without throwing when there is nothing to unmount', async () => {
    await expect(unmount(join(dir, 'never-mounted'))).resolves.toBeUndefined();
  });
});
