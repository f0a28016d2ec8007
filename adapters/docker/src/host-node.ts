import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Bind } from './container-spec.js';
import { SUPERVISOR_SCRIPT } from './supervisor-script.js';

/** Where the harness's own files appear inside every container (read-only). */
export const RUNTIME_MOUNT = '/opt/skill-eval';

/** The host's node, made runnable inside any Linux image: its binary and the libraries it needs, mounted. */
export interface NodeRuntime {
  /** What mounts it. */
  mounts: Bind[];
  /** The command that runs the host's node inside (a script's path and arguments follow). */
  node: string[];
  /** The command that runs the supervisor inside. */
  supervisor: string[];
}

/**
 * Lays out the runtime in `dir`: the supervisor script (supervisor-script.ts), and the shared libraries node links against (with their
 * loader), so node runs inside images that have other libraries or none (busybox, alpine): the loader is called
 * with our library path, whatever the image holds. The node binary itself is mounted, not copied.
 */
export function prepareNodeRuntime(dir: string): NodeRuntime {
  const node = realpathSync(process.execPath);
  const lib = join(dir, 'lib');
  mkdirSync(lib, { recursive: true });
  writeFileSync(join(dir, 'supervisor.cjs'), SUPERVISOR_SCRIPT);
  // The mount point of the binary, inside a read-only mount, must exist beforehand.
  writeFileSync(join(dir, 'node'), '');
  const libraries = sharedLibraries(node);
  let loader: string | undefined;
  for (const library of libraries) {
    // Kept under the name the binary asks for (`libc.so.6`), whatever file that name links to on the host.
    copyFileSync(realpathSync(library.path), join(lib, basename(library.path)));
    if (library.loader) loader = basename(library.path);
  }
  const inside = (name: string) => `${RUNTIME_MOUNT}/${name}`;
  const nodeCommand = loader
    ? [inside(`lib/${loader}`), '--library-path', inside('lib'), inside('node')]
    : [inside('node')];
  return {
    mounts: [
      { host: dir, inside: RUNTIME_MOUNT, readOnly: true },
      { host: node, inside: inside('node'), readOnly: true },
    ],
    node: nodeCommand,
    supervisor: [...nodeCommand, inside('supervisor.cjs')],
  };
}

/** The libraries `ldd` says a binary loads (none for a static one, or where there is no ldd). */
function sharedLibraries(binary: string): { path: string; loader: boolean }[] {
  let out: string;
  try {
    out = execFileSync('ldd', [binary], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return [];
  }
  const found: { path: string; loader: boolean }[] = [];
  for (const line of out.split('\n')) {
    const linked = /=>\s+(\/\S+)/.exec(line);
    if (linked) found.push({ path: linked[1]!, loader: false });
    else {
      const loader = /^\s*(\/\S+)\s+\(0x/.exec(line);
      if (loader) found.push({ path: loader[1]!, loader: true });
    }
  }
  return found;
}
