import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeStaleContainments } from '@skill-eval/engine-kit/execution-containment';
// A subpath: every run imports the runner's index, and engine-kit's index would load the process launcher.
import { ownerGone, tempFolderOwner } from '@skill-eval/engine-kit/process-owner';
import { unmount } from './overlay-mount.js';

let swept: Promise<void> | undefined;

/**
 * Removes, once per process, what runs of this machine killed outright (kill -9, a crash, a machine that lost power
 * mid-run) left behind: their executions' cgroups, with everything still running in them, then their temporary
 * folders in `parent` (workspaces, a container runtime: every name that begins with engine-kit's `ownedTempPrefix`)
 * and the overlay mounts inside those — as stale containers are removed (see docker's leftovers.ts), keyed by an
 * owner pid (and start time) that is gone. A live run's, and another machine's, are left alone.
 */
export function sweepStaleLeftovers(parent: string = tmpdir()): Promise<void> {
  swept ??= sweep(parent).catch(() => {});
  return swept;
}

async function sweep(parent: string): Promise<void> {
  // Processes first: nothing of a dead run may still be writing into what is removed next.
  await removeStaleContainments();
  const stale = readdirSafe(parent)
    .filter((name) => {
      const owner = tempFolderOwner(name);
      return owner !== undefined && ownerGone(owner);
    })
    .map((name) => join(parent, name));
  if (stale.length === 0) return;
  const mounts = mountPoints();
  for (const root of stale) {
    // Innermost first; a mount still busy is detached lazily (see unmount).
    for (const mount of mounts.filter((m) => m.startsWith(`${root}/`)).reverse()) await unmount(mount);
    await rm(root, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
}

/** Mount points of this mount namespace, in mount order (mountinfo's fifth field, octal escapes undone). */
function mountPoints(): string[] {
  let text = '';
  try {
    text = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((point): point is string => Boolean(point))
    .map((point) =>
      point.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8))),
    );
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
