import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Characters overlayfs option parsing gives a meaning to; paths holding them are not mounted. */
const UNSAFE = /[,:\\\n]/;

/** Whether `path` can be named in overlay mount options. */
export const mountablePath = (path: string) => !UNSAFE.test(path);

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
  // Imported on use: most runs mount nothing, and execa is a hundred modules to load at start-up.
  const { execa } = await import('execa');
  if (hidden.length > 0) {
    // An overlay whiteout (a character device 0:0 in the upper layer) hides the lower entry of that path.
    await Promise.all(hidden.map((rel) => mkdir(dirname(join(upper, rel)), { recursive: true })));
    const script = 'for p do mknod "$p" c 0 0 || exit 1; done';
    await execa('sh', ['-c', script, 'sh', ...hidden.map((rel) => join(upper, rel))], { stdin: 'ignore' });
  }
  const options = `lowerdir=${lowers.join(':')},upperdir=${upper},workdir=${work}`;
  await execa('mount', ['-t', 'overlay', 'overlay', '-o', options, target], { stdin: 'ignore' });
}

/** Unmounts `target`; a mount still in use (an abandoned engine's cwd) is detached lazily instead. */
export async function unmount(target: string): Promise<void> {
  const { execa } = await import('execa');
  const first = await execa('umount', [target], { reject: false, stdin: 'ignore' });
  if (first.exitCode === 0) return;
  await execa('umount', ['-l', target], { reject: false, stdin: 'ignore' });
}
