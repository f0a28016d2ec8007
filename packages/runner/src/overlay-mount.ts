import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Characters overlayfs option parsing gives a meaning to; paths holding them are not mounted. */
const UNSAFE = /[,:\\\n]/;

/** Whether `path` can be named in overlay mount options. */
export const mountablePath = (path: string) => !UNSAFE.test(path);

/** How long `mount`, `umount` or the whiteouts' `sh` may take: a lower layer on a hung share must not hang the run. */
const MOUNT_LIMIT_MS = 30_000;

/**
 * Mounts an overlay at `target`: `lowers` (top first) read-only below a fresh upper layer in `scratch`, so
 * everything written at `target` lands in `scratch` and the lower layers never change. `hidden` paths (relative) of
 * the lower layers are not seen at `target`.
 */
export async function mountOverlay(
  lowers: readonly string[],
  scratch: string,
  target: string,
  hidden: readonly string[] = [],
): Promise<void> {
  const upper = join(scratch, 'upper');
  const work = join(scratch, 'work');
  await mkdir(upper, { recursive: true });
  await mkdir(work, { recursive: true });
  if (hidden.length > 0) {
    // An overlay whiteout (a character device 0:0 in the upper layer) hides the lower entry of that path.
    await Promise.all(hidden.map((rel) => mkdir(dirname(join(upper, rel)), { recursive: true })));
    const script = 'for p do mknod "$p" c 0 0 || exit 1; done';
    await mustSucceed('sh', ['-c', script, 'sh', ...hidden.map((rel) => join(upper, rel))]);
  }
  const options = `lowerdir=${lowers.join(':')},upperdir=${upper},workdir=${work}`;
  await mustSucceed('mount', ['-t', 'overlay', 'overlay', '-o', options, target]);
}

/** Unmounts `target`; a mount still in use (an abandoned engine's cwd) is detached lazily instead. */
export async function unmount(target: string): Promise<void> {
  if ((await mountProgram('umount', [target])).exitCode === 0) return;
  await mountProgram('umount', ['-l', target]);
}

/** Runs one of the programs above; throws with what it said unless it exits with 0. */
async function mustSucceed(file: string, args: readonly string[]): Promise<void> {
  const outcome = await mountProgram(file, args);
  if (outcome.exitCode === 0) return;
  const why = outcome.spawnError ?? (outcome.timedOut ? `still running after ${MOUNT_LIMIT_MS / 1000} s` : undefined);
  throw new Error(`${file} ${args.join(' ')}: ${why ?? (outcome.stderrTail || `exit ${outcome.exitCode}`)}`);
}

/**
 * Runs `file` (found on PATH) with nothing of the user's environment but PATH, through the process launcher, as the
 * harness starts every program: a fork of this large process would block its event loop for every mount and unmount
 * of every execution's workspace (loaded on first use: most runs mount nothing).
 */
async function mountProgram(file: string, args: readonly string[]) {
  const { runGroupProcess } = await import('@skill-eval/engine-kit/run-group-process');
  return runGroupProcess({
    file,
    args,
    cwd: '/',
    env: { PATH: process.env.PATH ?? '' },
    deadline: Date.now() + MOUNT_LIMIT_MS,
    onLine: () => {},
  });
}
