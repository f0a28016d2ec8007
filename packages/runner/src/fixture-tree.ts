import { lstat, readdir, readlink, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';

/** A symlink inside a fixture, with the target it is recreated with. */
export interface FixtureLink {
  /** Path of the link, relative to the fixture root. */
  rel: string;
  /** Target to write: relative, and always inside the fixture. */
  target: string;
}

/** A fixture source read once: what to create, in an order that makes parents first. */
export interface FixtureTree {
  /** Real path of the source. */
  root: string;
  /** A single file, or a directory. */
  kind: 'file' | 'dir';
  /** Directories below the root, relative, parents before children. */
  dirs: string[];
  /** Regular files, relative. */
  files: string[];
  links: FixtureLink[];
  /** Some link was written as an absolute path into the fixture; a verbatim view (a mount) would point at the source. */
  absoluteLinks: boolean;
  /** Total size of the regular files in bytes. */
  bytes: number;
  /** Entries left out by the exclusion the tree was read with, relative (their contents are not listed). */
  excluded: string[];
}

const inside = (path: string, root: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * Lists a fixture (file or directory) and checks its symlinks: a link that resolves outside the fixture is
 * refused, so a workspace can never reach the source tree or the rest of the machine through a fixture.
 * Sockets, FIFOs and devices are left out.
 */
export async function readFixtureTree(
  from: string,
  exclude?: (rel: string, isDir: boolean) => boolean,
): Promise<FixtureTree> {
  let root: string;
  try {
    root = await realpath(from);
  } catch (cause) {
    throw new SkillEvalError('WORKSPACE_FAILED', `Fixture ${from} cannot be read: ${(cause as Error).message}`, {
      cause,
      hint: 'Check that the path in the eval file exists.',
    });
  }
  const stat = await lstat(root);
  const tree: FixtureTree = {
    root,
    kind: 'dir',
    dirs: [],
    files: [],
    links: [],
    absoluteLinks: false,
    bytes: 0,
    excluded: [],
  };
  if (stat.isFile()) return { ...tree, kind: 'file', files: [''], bytes: stat.size };
  if (!stat.isDirectory()) {
    throw new SkillEvalError('WORKSPACE_FAILED', `Fixture ${from} is neither a file nor a directory.`);
  }
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(join(root, rel), { withFileTypes: true });
    const subdirs: string[] = [];
    await Promise.all(
      entries.map(async (entry) => {
        const child = rel ? join(rel, entry.name) : entry.name;
        if (exclude?.(sep === '/' ? child : child.split(sep).join('/'), entry.isDirectory())) {
          tree.excluded.push(child);
        } else if (entry.isDirectory()) {
          tree.dirs.push(child);
          subdirs.push(child);
        } else if (entry.isFile()) {
          tree.files.push(child);
          tree.bytes += (await lstat(join(root, child))).size;
        } else if (entry.isSymbolicLink()) {
          tree.links.push(await checkLink(root, child, tree));
        }
      }),
    );
    await Promise.all(subdirs.map(walk));
  };
  await walk('');
  tree.dirs.sort((a, b) => a.split(sep).length - b.split(sep).length);
  return tree;
}

async function checkLink(root: string, rel: string, tree: FixtureTree): Promise<FixtureLink> {
  const at = join(root, rel);
  const written = await readlink(at);
  const resolved = resolve(dirname(at), written);
  if (!inside(resolved, root)) {
    throw new SkillEvalError(
      'WORKSPACE_FAILED',
      `Fixture ${root} holds a symlink ${rel} → ${written} that points outside the fixture; it is refused.`,
      { hint: 'Fixtures may only link to files inside themselves; copy the file into the fixture instead.' },
    );
  }
  if (isAbsolute(written)) tree.absoluteLinks = true;
  return { rel, target: isAbsolute(written) ? relative(dirname(at), resolved) || '.' : written };
}
