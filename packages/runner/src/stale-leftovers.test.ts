import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownedTempPrefix } from '@skill-eval/engine-kit/process-owner';
import { afterAll, describe, expect, it } from 'vitest';
import { mountOverlay } from './overlay-mount.js';
import { sweepStaleLeftovers } from './stale-leftovers.js';
import { createWorkspace } from './workspace.js';

const parent = mkdtempSync(join(tmpdir(), 'stale-leftovers-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const mounted = (path: string) => readFileSync('/proc/self/mountinfo', 'utf8').includes(` ${path} `);

/** Whether this machine lets this process mount an overlay (root on Linux). */
function canMount(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v mount && [ "$(id -u)" = 0 ]'], { stdio: 'ignore' });
    return process.platform === 'linux';
  } catch {
    return false;
  }
}

describe('what runs killed outright left behind', () => {
  it('names workspaces after their owner', async () => {
    const workspace = await createWorkspace(parent);
    expect(workspace.root.startsWith(join(parent, ownedTempPrefix()))).toBe(true);
    await workspace.dispose();
  });

  it.runIf(canMount())(
    'is removed by the next run: a dead owner’s workspace and its overlay mount, and nothing else',
    async () => {
      // pid 2^22 + 1 is above every pid_max: an owner that is gone.
      const dead = join(parent, 'skill-eval-4194305.1-abc123');
      const target = join(dead, 'ws');
      const lower = join(parent, 'lower');
      mkdirSync(target, { recursive: true });
      mkdirSync(lower);
      writeFileSync(join(lower, 'fixture.txt'), 'x');
      await mountOverlay([lower], join(dead, '.overlay', '0'), target);
      expect(mounted(target)).toBe(true);
      const live = await createWorkspace(parent);
      const unowned = join(parent, 'skill-eval-notes');
      mkdirSync(unowned);

      await sweepStaleLeftovers(parent);

      expect(mounted(target)).toBe(false);
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(lower)).toBe(true);
      expect(existsSync(live.root)).toBe(true);
      expect(existsSync(unowned)).toBe(true);
      await live.dispose();
    },
  );
});
