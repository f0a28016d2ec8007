import { constants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeDirectory } from './make-directory.js';
import { mountablePath, mountOverlay, unmount } from './overlay-mount.js';

/** Whether files under `dir` can be reflinked (copy-on-write clones: btrfs, XFS, APFS…). */
export async function probeReflink(dir: string): Promise<boolean> {
  await makeDirectory(dir);
  const probe = await mkdtemp(join(dir, 'skill-eval-probe-'));
  try {
    await writeFile(join(probe, 'a'), 'probe');
    await copyFile(join(probe, 'a'), join(probe, 'b'), constants.COPYFILE_FICLONE_FORCE);
    return true;
  } catch {
    return false;
  } finally {
    await rm(probe, { recursive: true, force: true });
  }
}

/**
 * Whether this process may mount overlayfs under `dir` (root, or CAP_SYS_ADMIN), checked by mounting one:
 * a write through the mount must reach the upper layer and leave the lower one unchanged.
 */
export async function probeOverlay(dir: string): Promise<boolean> {
  if (process.platform !== 'linux' || !mountablePath(dir)) return false;
  await makeDirectory(dir);
  const probe = await mkdtemp(join(dir, 'skill-eval-probe-'));
  const lower = join(probe, 'lower');
  const merged = join(probe, 'merged');
  let mounted = false;
  try {
    await mkdir(lower);
    await mkdir(merged);
    await writeFile(join(lower, 'a'), 'lower');
    await mountOverlay([lower], join(probe, 'scratch'), merged);
    mounted = true;
    await writeFile(join(merged, 'a'), 'changed');
    return (await readFile(join(lower, 'a'), 'utf8')) === 'lower';
  } catch {
    return false;
  } finally {
    if (mounted) await unmount(merged);
    await rm(probe, { recursive: true, force: true });
  }
}
