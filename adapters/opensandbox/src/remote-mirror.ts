import { createReadStream, lstatSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SandboxFiles } from '@alibaba-group/opensandbox';
import { writeBelowAgentFolder } from '@skill-eval/engine-kit/agent-files';

/** A host directory and where it is inside the sandbox. */
export interface MirroredTree {
  host: string;
  inside: string;
  /** Host paths under `host` that are not part of this tree (another tree's). */
  skip?: readonly string[];
  /** Whether what processes inside change here is brought back to the host (the workspace, the artifacts). */
  pull: boolean;
}

/** What a file looked like the last time both sides agreed on it. */
interface Seen {
  hostMtime: number;
  hostSize: number;
  insideMtime?: string;
  insideSize?: number;
}

/** Runs `work` over `items`, `parallelism` at a time. */
export async function inParallel<T>(
  items: readonly T[],
  parallelism: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallelism, items.length) }, worker));
}

/**
 * Keeps host directories and their copies in a remote sandbox the same, as a mount would, at the moments that
 * matter: `push` before a program runs inside (what the harness or an engine wrote on the host goes in, what it
 * deleted goes away), `pull` after (what the program wrote or deleted comes back). Files are compared by size and
 * modification time, so a push or pull moves only what changed.
 */
export class RemoteMirror {
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly files: SandboxFiles,
    private readonly trees: readonly MirroredTree[],
    private readonly parallelism: number,
  ) {}

  async push(): Promise<void> {
    const uploads: { host: string; inside: string; mode: number }[] = [];
    const present = new Set<string>();
    for (const tree of this.trees) {
      for (const file of walkHost(tree.host, tree.skip ?? [])) {
        present.add(file);
        const stat = statSync(file);
        const seen = this.seen.get(file);
        if (seen && seen.hostMtime === stat.mtimeMs && seen.hostSize === stat.size) continue;
        uploads.push({ host: file, inside: insidePath(tree, file), mode: stat.mode });
      }
    }
    const gone = [...this.seen.keys()].filter((file) => !present.has(file) && this.treeOf(file));
    await inParallel(uploads, this.parallelism, async ({ host, inside, mode }) => {
      await this.files.writeFiles([
        { path: inside, data: createReadStream(host) as unknown as AsyncIterable<Uint8Array>, mode: octal(mode) },
      ]);
      const stat = statSync(host);
      this.seen.set(host, { hostMtime: stat.mtimeMs, hostSize: stat.size });
    });
    if (gone.length > 0) {
      await this.files.deleteFiles(gone.map((file) => insidePath(this.treeOf(file)!, file)));
      for (const file of gone) this.seen.delete(file);
    }
  }

  async pull(): Promise<void> {
    for (const tree of this.trees.filter((t) => t.pull)) {
      const listed = await this.files.search({ path: tree.inside, pattern: '**' }).catch(() => []);
      const inside = new Set<string>();
      const downloads: { host: string; inside: string; mtime: string; size: number; mode: number }[] = [];
      for (const info of listed) {
        if (info.type === 'directory') continue;
        const rel = relativeInside(tree.inside, info.path);
        if (rel === undefined) continue;
        const host = join(tree.host, ...rel.split('/'));
        if ((tree.skip ?? []).some((dir) => host === dir || host.startsWith(`${dir}${sep}`))) continue;
        inside.add(host);
        const mtime = String(info.modifiedAt?.toISOString() ?? '');
        const seen = this.seen.get(host);
        if (seen?.insideMtime === mtime && seen.insideSize === info.size) continue;
        downloads.push({ host, inside: info.path, mtime, size: info.size ?? 0, mode: Number(info.mode ?? 644) });
      }
      await inParallel(downloads, this.parallelism, async (file) => {
        const chunks: Uint8Array[] = [];
        for await (const chunk of this.files.readBytesStream(file.inside)) chunks.push(chunk);
        // The program chose the name, the bytes and the mode: a link on the host at the name or on the way (a staged
        // skill's, a fixture's) is never written through, and no set-id or sticky bit reaches the host.
        const mode = (Number.parseInt(String(file.mode), 8) || 0o644) & 0o777;
        await writeBelowAgentFolder(tree.host, file.host, Buffer.concat(chunks), mode);
        const stat = statSync(file.host);
        this.seen.set(file.host, {
          hostMtime: stat.mtimeMs,
          hostSize: stat.size,
          insideMtime: file.mtime,
          insideSize: file.size,
        });
      });
      // A file the program deleted inside goes on the host too.
      for (const host of walkHost(tree.host, tree.skip ?? [])) {
        if (!inside.has(host) && this.seen.has(host)) {
          rmSync(host, { force: true });
          this.seen.delete(host);
        }
      }
    }
  }

  private treeOf(host: string): MirroredTree | undefined {
    return this.trees.find(
      (tree) =>
        host.startsWith(`${tree.host}${sep}`) &&
        !(tree.skip ?? []).some((dir) => host === dir || host.startsWith(`${dir}${sep}`)),
    );
  }
}

/** `755` (octal digits as a number, as OpenSandbox writes modes) from a file mode. */
const octal = (mode: number) => Number((mode & 0o777).toString(8));

function insidePath(tree: MirroredTree, host: string): string {
  return `${tree.inside.replace(/\/$/, '')}/${relative(tree.host, host).split(sep).join('/')}`;
}

function relativeInside(root: string, path: string): string | undefined {
  const prefix = `${root.replace(/\/$/, '')}/`;
  if (!path.startsWith(prefix)) return undefined;
  const rel = path.slice(prefix.length);
  return rel.split('/').some((part) => part === '..' || part === '') ? undefined : rel;
}

/** Regular files under `dir` (symlinks and other kinds are not mirrored), minus the `skip` directories. */
function* walkHost(dir: string, skip: readonly string[]): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (skip.includes(path)) continue;
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) yield* walkHost(path, skip);
    else if (stat?.isFile()) yield path;
  }
}
