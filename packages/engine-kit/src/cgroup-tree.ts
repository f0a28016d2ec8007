import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where this process's cgroup v2 lives, and where skill-eval makes the cgroups of its executions. */
export interface CgroupTree {
  /** The cgroup this process is in (its directory in the cgroup2 mount). */
  home: string;
  /** `<home>/skill-eval`: the parent of every execution's cgroup, shared by the runs started from `home`. */
  parent: string;
}

/**
 * Finds the cgroup2 mount in /proc/self/mountinfo (it is /sys/fs/cgroup on a unified layout, /sys/fs/cgroup/unified
 * on a hybrid one; never assumed) and this process's cgroup in /proc/self/cgroup (`0::/path`). Undefined where there
 * is none (macOS, a cgroup v1-only machine, a container without a cgroup namespace of its own).
 */
export function findCgroupTree(): CgroupTree | undefined {
  const mount = cgroup2Mount(readOrEmpty('/proc/self/mountinfo'));
  const path = /^0::(\/.*)$/m.exec(readOrEmpty('/proc/self/cgroup'))?.[1];
  if (!mount || path === undefined || path.includes(' (deleted)')) return undefined;
  const home = join(mount, path);
  return { home, parent: join(home, 'skill-eval') };
}

/** The mount point of the first cgroup2 file system in a mountinfo text. */
export function cgroup2Mount(mountinfo: string): string | undefined {
  for (const line of mountinfo.split('\n')) {
    // `id parent major:minor root mountpoint options [optional fields] - fstype source super-options`
    const [left, right] = line.split(' - ');
    if (!left || !right || right.split(' ')[0] !== 'cgroup2') continue;
    const fields = left.split(' ');
    // Only the cgroup2 root itself: a bind mount of a sub-tree (root field not `/`) names other paths.
    if (fields[3] === '/' && fields[4]) return unescapeMountPath(fields[4]);
  }
  return undefined;
}

/** mountinfo writes space, tab, newline and backslash in paths as octal escapes. */
const unescapeMountPath = (path: string) =>
  path.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
