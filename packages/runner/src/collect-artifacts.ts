import { copyFile, lstat, mkdir, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { type Warning, warning } from '@skill-eval/core';
import { glob } from 'tinyglobby';

/** What was copied out, and the patterns that could not be used. */
export interface CollectedArtifacts {
  /** Paths of the copied files, relative to the workspace. */
  files: string[];
  warnings: Warning[];
}

/** `.git` anywhere is repository metadata, never an artifact, whatever the pattern says. */
const IGNORE = ['.git', '.git/**', '**/.git', '**/.git/**'];

/**
 * Copies the workspace's regular files matching `patterns` to `dest`, keeping their relative paths. Symlinks
 * are neither followed nor copied, so nothing outside the workspace is collected.
 */
export async function collectArtifacts(
  ws: string,
  patterns: readonly string[],
  dest: string,
): Promise<CollectedArtifacts> {
  const warnings: Warning[] = [];
  const usable = patterns.filter((pattern) => {
    const ok = pattern.trim() !== '' && !isAbsolute(pattern) && !pattern.split(/[\\/]/).includes('..');
    if (!ok)
      warnings.push(
        warning(
          'artifacts',
          `Artifact pattern ${JSON.stringify(pattern)} is not collected: it must stay inside the workspace.`,
        ),
      );
    return ok;
  });
  if (usable.length === 0) return { files: [], warnings };
  const matches = await glob(usable, {
    cwd: ws,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
    ignore: IGNORE,
  });
  const realWs = await realpath(ws);
  const files: string[] = [];
  for (const rel of matches.sort()) {
    const from = join(ws, rel);
    const stat = await lstat(from).catch(() => undefined);
    if (!stat?.isFile()) continue;
    // A pattern naming a path below a symlinked directory would otherwise reach outside.
    const real = relative(realWs, await realpath(from));
    if (real.startsWith(`..${sep}`) || real === '..' || isAbsolute(real)) continue;
    const to = join(dest, rel);
    await mkdir(dirname(to), { recursive: true });
    await copyFile(from, to);
    files.push(rel);
  }
  return { files, warnings };
}
