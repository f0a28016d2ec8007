import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir, readFile, readlink, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import pLimit from 'p-limit';

/** Files above this size are streamed instead of read whole. */
const STREAM_ABOVE = 4 * 1024 * 1024;

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
   * kind and content hash, sorted); `missing` when nothing is there.
   */
  hash(path: string, options?: TreeHashOptions): Promise<string>;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

async function hashFile(file: string, size: number): Promise<string> {
  if (size <= STREAM_ABOVE) return sha256(await readFile(file));
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The content hash of the file a symlink points to, for the staged copy (a live link) shows the agent what is there
 * now; a link to a folder, or to nothing, counts by its target path alone.
 */
async function linkedFile(link: string): Promise<string> {
  const target = await stat(link).catch(() => undefined);
  return target?.isFile() ? hashFile(link, target.size) : '';
}

/** A hasher reading at most `parallel` files at once. Results are memoised, so create one per run. */
export function createTreeHasher(parallel = 32): TreeHasher {
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

  async function entry(path: string, root: string, options: TreeHashOptions): Promise<string[]> {
    const stat = await lstat(path);
    const rel = relative(root, path).split(sep).join('/');
    if (rel !== '' && options.skip?.(rel, stat.isDirectory())) return [];
    if (stat.isSymbolicLink()) return [`l\0${rel}\0${await readlink(path)}\0${await linkedFile(path)}`];
    if (stat.isFile()) {
      if (options.skipFiles?.has(path)) return [];
      return [`f\0${rel}\0${stat.mode & 0o111 ? 'x' : '-'}\0${await limit(() => hashFile(path, stat.size))}`];
    }
    if (!stat.isDirectory()) return [];
    if (options.filesOnly) return [`d\0${rel}`];
    const names = (await limit(() => readdir(path))).filter((name) => !options.skipNames?.has(name));
    const children = await Promise.all(names.map((name) => entry(join(path, name), root, options)));
    return [`d\0${rel}`, ...children.flat()];
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
        pending = entry(path, path, options).then(
          (lines) => sha256(lines.sort().join('\n')),
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return `missing:${basename(path)}`;
            throw error;
          },
        );
        memo.set(id, pending);
      }
      return pending;
    },
  };
}
