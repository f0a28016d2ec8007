import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, readdir, readlink, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, sep } from 'node:path';
import pLimit from 'p-limit';
import { skillLinkTarget } from './skill-link-target.js';

/** Files above this size are read in chunks of CHUNK bytes instead of whole. */
const STREAM_ABOVE = 4 * 1024 * 1024;
const CHUNK = 1024 * 1024;

/**
 * What one hash may read behind links out of its tree (entries, and bytes of files). A skill linking to `/` or to a
 * huge folder would otherwise have the cache key read all of it; past this the hash fails, and the run caches none of
 * the executions that stage the tree (executeIntoCache says so once).
 */
export const LINKED_TREE_LIMITS: LinkedTreeLimits = { entries: 100_000, bytes: 1024 ** 3 };

/** How much one hash may read behind links out of its tree. */
export interface LinkedTreeLimits {
  /** Entries (files, folders, links). */
  entries: number;
  /** Bytes of the files. */
  bytes: number;
}

/** What a tree hash leaves out. */
export interface TreeHashOptions {
  /** Entry names skipped at any depth (as the skill stager skips `.git` and `node_modules`). */
  skipNames?: ReadonlySet<string>;
  /** Absolute paths of files left out (eval files, whose content the cache key holds case by case). */
  skipFiles?: ReadonlySet<string>;
  /** Hash only a file: a directory at the path counts as `directory`, unread (a check value that looks like a path). */
  filesOnly?: boolean;
  /** Entries left out by their path below the hashed root (`/`-separated): what a project copy leaves out. */
  skip?: (rel: string, isDir: boolean) => boolean;
}

/** Hashes files and directory trees by content; each path is hashed once per hasher. */
export interface TreeHasher {
  /**
   * sha256 of what is at `path`: a file's content, a symlink's target, or a directory's every entry (relative path,
   * kind and content hash, sorted); `missing` when nothing is there. A link counts with what it shows: a linked file
   * by its content, a linked folder outside the tree by the tree behind it (within {@link LINKED_TREE_LIMITS}).
   */
  hash(path: string, options?: TreeHashOptions): Promise<string>;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * The sha256 of a file's content, as far as its size when it was opened: opened without waiting (a FIFO put in its
 * place since it was listed answers at once, and counts as no file), and read no further than fstat said, so a file
 * that never ends (a procfs or tracefs file behind a skill's link, which reports size 0) cannot hold the run.
 */
async function hashFile(file: string, listedSize: number): Promise<string> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) return 'not-a-file';
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(info.size, listedSize > STREAM_ABOVE ? CHUNK : info.size)));
    for (let at = 0; at < info.size; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, info.size - at), at);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}

/** One walk of a tree: the hashed path's own, or that of a folder behind a link out of it. */
interface Walk {
  /** The folder links are told inside or out of, and entries named relative to. */
  root: string;
  /** Real paths of the folders the walks leading here started at; empty in the hashed path's own walk. */
  chain: readonly string[];
  /** What the walks behind links have read so far, shared by every walk of one hash; none in the hashed tree itself. */
  budget?: { entries: number; bytes: number; of: string; limits: LinkedTreeLimits };
}

function spend({ budget }: Walk, entries: number, bytes: number): void {
  if (!budget) return;
  budget.entries += entries;
  budget.bytes += bytes;
  if (budget.entries > budget.limits.entries || budget.bytes > budget.limits.bytes) {
    const { limits } = budget;
    throw new Error(
      `the folders ${budget.of} links to hold more than ${limits.entries} entries or ${limits.bytes} bytes`,
    );
  }
}

/**
 * A hasher reading at most `parallel` files at once, and at most `linked` behind the links out of a hashed tree.
 * Results are memoised, so create one per run.
 */
export function createTreeHasher(parallel = 32, linked: LinkedTreeLimits = LINKED_TREE_LIMITS): TreeHasher {
  const limit = pLimit(parallel);
  const memo = new Map<string, Promise<string>>();
  // Skip sets are told apart by identity, so a run's large set of eval files is not serialised per call.
  const setIds = new WeakMap<object, number>();
  let sets = 0;
  const setId = (set: object | undefined): number => {
    if (!set) return 0;
    if (!setIds.has(set)) setIds.set(set, ++sets);
    return setIds.get(set)!;
  };

  /**
   * The lines of `path` and what is below it, in the walk of `walk.root`. A link is staged as the skill stager lays it
   * (skill-link-target.ts): one into the tree points at the staged copy, whose content this walk hashes anyway, one out
   * of it stays a live link to what is there now. So a linked file counts by its content, a linked folder out of the
   * tree by the tree behind it (a live folder link is all an agent sees of it), and a linked folder inside by its target.
   */
  async function entry(path: string, walk: Walk, options: TreeHashOptions): Promise<string[]> {
    let info = await lstat(path);
    const rel = relative(walk.root, path).split(sep).join('/');
    if (rel === '' && info.isSymbolicLink() && !options.filesOnly) {
      // The hashed path itself a link to a folder: its copy (and a fixture's, which starts from the real path) is the folder.
      const to = await stat(path).catch(() => undefined);
      if (to?.isDirectory()) info = to;
    }
    if (rel !== '' && options.skip?.(rel, info.isDirectory())) return [];
    spend(walk, 1, info.isFile() ? info.size : 0);
    if (info.isSymbolicLink()) return [await link(path, rel, walk, options)];
    if (info.isFile()) {
      if (options.skipFiles?.has(path)) return [];
      const { size } = info;
      return [`f\0${rel}\0${info.mode & 0o111 ? 'x' : '-'}\0${await limit(() => hashFile(path, size))}`];
    }
    if (!info.isDirectory()) return [];
    if (options.filesOnly) return [`d\0${rel}`];
    const names = (await limit(() => readdir(path))).filter((name) => !options.skipNames?.has(name));
    const children = await Promise.all(names.map((name) => entry(join(path, name), walk, options)));
    return [`d\0${rel}`, ...children.flat()];
  }

  async function link(path: string, rel: string, walk: Walk, options: TreeHashOptions): Promise<string> {
    const line = `l\0${rel}\0${await readlink(path)}\0`;
    const target = await stat(path).catch(() => undefined);
    if (target?.isFile()) {
      spend(walk, 0, target.size);
      return line + (await limit(() => hashFile(path, target.size)));
    }
    if (!target?.isDirectory() || options.filesOnly) return line;
    // Only a link the stager keeps live (an absolute target) shows a folder this walk does not hash.
    if (!isAbsolute(await skillLinkTarget(walk.root, rel))) return line;
    return line + (await linkedFolder(await realpath(path), walk, options));
  }

  /**
   * The hash of the folder at real path `real` behind a link of `walk`, as a walk of its own: its links are live links
   * (nothing restages them), so one out of it is followed again. A folder the chain of walks is already inside counts
   * as `loop` (its content is in that walk's hash), so a link cycle ends.
   */
  async function linkedFolder(real: string, walk: Walk, options: TreeHashOptions): Promise<string> {
    // The hashed path's own real path is looked up only here: a tree without such links costs nothing more.
    const chain = walk.chain.length > 0 ? walk.chain : [await realpath(walk.root)];
    if (chain.includes(real)) return 'loop';
    const inner: Walk = {
      root: real,
      chain: [...chain, real],
      budget: walk.budget ?? { entries: 0, bytes: 0, of: walk.root, limits: linked },
    };
    // What a project copy leaves out is named from the project's root: behind a link it names nothing.
    const { skip: _skip, ...rest } = options;
    const lines = await entry(real, inner, rest);
    return `tree:${sha256(lines.sort().join('\n'))}`;
  }

  return {
    hash(path, options = {}) {
      const id = JSON.stringify([
        path,
        options.filesOnly === true,
        setId(options.skipNames),
        setId(options.skipFiles),
        setId(options.skip),
      ]);
      let pending = memo.get(id);
      if (!pending) {
        pending = entry(path, { root: path, chain: [] }, options).then(
          (lines) => sha256(lines.sort().join('\n')),
          (error: NodeJS.ErrnoException) => {
            // Only the hashed path itself missing is a hash: an entry below it that vanished mid-walk (a folder behind a
            // link into /proc) would otherwise make every content of the tree hash alike, and a stale result match.
            const itself = error.path === undefined || error.path === path;
            if (itself && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return `missing:${basename(path)}`;
            throw error;
          },
        );
        memo.set(id, pending);
      }
      return pending;
    },
  };
}
