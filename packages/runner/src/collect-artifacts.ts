import { isAbsolute } from 'node:path';
import { type Warning, warning } from '@skill-eval/core';

/** The workspace's files a case's artifact patterns match, and the patterns that could not be used. */
export interface CollectedArtifacts {
  /** Paths of the matched files, relative to the workspace, `/`-separated, sorted. */
  files: string[];
  warnings: Warning[];
}

/** `.git` anywhere is repository metadata, never an artifact, whatever the pattern says. */
const IGNORE = ['.git', '.git/**', '**/.git', '**/.git/**'];

/**
 * The workspace's files matching `patterns` (the case's `artifacts`), for the result store to copy through the file
 * layer, which reads regular files only and never through a link: the glob follows no link either, so a pattern
 * naming a path below a linked folder matches nothing outside.
 */
export async function collectArtifacts(ws: string, patterns: readonly string[]): Promise<CollectedArtifacts> {
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
  // Imported by the first case that collects artifacts: most runs have none.
  const { glob } = await import('tinyglobby');
  const matches = await glob(usable, {
    cwd: ws,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
    ignore: IGNORE,
  });
  return { files: matches.sort(), warnings };
}
