import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, parse, sep } from 'node:path';

/** What a command on PATH really runs, and the host files it needs, however it was installed. */
export interface InstalledProgram {
  /** The file executed in the end, links followed and shims read: a native binary, or a script. */
  program: string;
  /** `program` is a Node script: it runs with node, and needs `paths`. */
  node: boolean;
  /**
   * The host files and folders the program needs, each to be made available at its own path: the program itself, or
   * for a Node script the `node_modules` tree its packages resolve in (its package root when it has none).
   */
  paths: string[];
}

/**
 * npm's and pnpm's shell shims (cmd-shim) start with this line: `basedir` is the shim's folder as invoked, and the
 * target is named relative to it (`"$basedir/../pkg/cli.js"`). yarn, npm on Unix and the native installers link instead.
 */
const SHIM_SIGNATURE = /^basedir=\$\(dirname "\$\(echo "\$0" \| sed -e 's,\\\\,\/,g'\)"\)$/m;
const SHIM_TARGET = /"\$basedir\/([^"]+)"/g;
const NODE_CALL = /\bnode\s+"\$basedir\//;
const NODE_SHEBANG = /^#!\s*(?:\S*\/env\s+(?:-\S+\s+)*)?\S*\bnode(?:js)?(?:\s|$)/;
/** Shims are small; a program larger than this is not read as one. */
const MAX_SCRIPT_BYTES = 64 * 1024;

/** Resolves `file` (an executable path, as found on PATH) to what it runs: see InstalledProgram. */
export function installedProgram(file: string): InstalledProgram {
  const real = realpathSync(file);
  const head = readHead(real);
  if (NODE_SHEBANG.test(head)) return nodeScript(real);
  const target = SHIM_SIGNATURE.test(head) ? shimTarget(head, file, real) : undefined;
  if (!target) return { program: real, node: false, paths: [real] };
  const resolved = installedProgram(target.file);
  return target.node && !resolved.node ? nodeScript(resolved.program) : resolved;
}

/** The target a shim executes, and whether it runs it with node; undefined when none of its names exists. */
function shimTarget(text: string, file: string, real: string): { file: string; node: boolean } | undefined {
  const named = [...text.matchAll(SHIM_TARGET)].map((match) => match[1]!).filter((name) => name !== 'node');
  const last = named.at(-1);
  if (!last) return undefined;
  // `basedir` is the folder the shim was invoked from; a shim reached through a link is tried from its own folder too.
  for (const base of [dirname(file), dirname(real)]) {
    const candidate = join(base, last);
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
      return { file: candidate, node: runsWithNode(text, last) };
    }
  }
  return undefined;
}

/** The shim starts `target` with node (`exec node "$basedir/…"`), not as a program of its own. */
const runsWithNode = (text: string, target: string) =>
  text.split('\n').some((line) => NODE_CALL.test(line) && line.includes(`"$basedir/${target}"`));

/**
 * A Node script needs the packages it imports: the outermost `node_modules` above it holds them all (pnpm's `.pnpm`
 * store included, whose links stay inside it); outside one, its package root.
 */
function nodeScript(program: string): InstalledProgram {
  const parts = program.split(sep);
  const outermost = parts.indexOf('node_modules');
  if (outermost > 0) return { program, node: true, paths: [parts.slice(0, outermost + 1).join(sep)] };
  return { program, node: true, paths: [packageRoot(program) ?? program] };
}

/** The nearest folder above `file` holding a package.json. */
function packageRoot(file: string): string | undefined {
  const { root } = parse(file);
  for (let dir = dirname(file); dir !== root; dir = dirname(dir)) {
    if (statSync(join(dir, 'package.json'), { throwIfNoEntry: false })?.isFile()) return dir;
  }
  return undefined;
}

/** The first bytes of a file, as text: enough for a shebang, or a whole shim. */
function readHead(file: string): string {
  const buffer = Buffer.alloc(MAX_SCRIPT_BYTES);
  const fd = openSync(file, 'r');
  try {
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString('latin1');
  } finally {
    closeSync(fd);
  }
}
