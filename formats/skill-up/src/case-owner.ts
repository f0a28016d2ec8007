import { dirname, join } from 'node:path';
import {
  type ObservedReads,
  observedExists,
  observedList,
  observedRealPath,
  replayReads,
  watchReadsSync,
} from '@skill-eval/core';
import { projectBoundary, readSideFile } from '@skill-eval/format-kit';
import { resolveCaseFiles } from './case-files.js';
import { yamlContent } from './file-kind.js';
import { skillRootFor } from './skill-root.js';

/** The eval.yaml near a case file, and whether its `cases.files` lists that case file. */
export interface CaseOwner {
  evalFile: string;
  lists: boolean;
}

const real = (path: string) => {
  try {
    return observedRealPath(path);
  } catch {
    return path;
  }
};

interface Listing {
  key: string;
  files: ListedFiles;
  /** What resolving the listing asked of the file system: noted again whenever the listing is reused. */
  reads: ObservedReads;
}

/** The case files an eval.yaml lists: as resolved, and their real paths (looked up only when a path is not there). */
class ListedFiles {
  private reals: { paths: Set<string>; reads: ObservedReads } | undefined;
  constructor(private readonly paths: Set<string>) {}

  /** Whether `file` is one of them, through symlinks too. */
  has(file: string): boolean {
    if (this.paths.has(file)) return true;
    if (this.reals) replayReads(this.reals.reads);
    else {
      const { value, reads } = watchReadsSync(() => new Set([...this.paths].map(real)));
      this.reals = { paths: value, reads };
    }
    return this.reals.paths.has(real(file));
  }
}

/** The last listing of each eval.yaml: every case file of a suite asks the same question about it. */
const listings = new Map<string, Listing>();

/**
 * The case files an eval.yaml lists. Reused while the eval.yaml's text and the names in the case folder are
 * unchanged, so a suite of n case files is globbed once, not n times.
 */
function listedFiles(evalFile: string, evalDir: string, text: string, caseDir: string): ListedFiles {
  let folder = '';
  try {
    folder = observedList(caseDir).join('\0');
  } catch {}
  const key = `${folder}\0\0${text}`;
  const known = listings.get(evalFile);
  if (known?.key === key) {
    replayReads(known.reads);
    return known.files;
  }
  const { value: files, reads } = watchReadsSync(() => {
    const listed = (yamlContent(text) as { cases?: { files?: unknown } } | undefined)?.cases?.files;
    const entries = Array.isArray(listed) ? listed.filter((f): f is string => typeof f === 'string') : [];
    const { root } = skillRootFor(evalDir);
    return new ListedFiles(
      new Set(resolveCaseFiles(entries, root, projectBoundary(evalDir, root)).flatMap((e) => e.files)),
    );
  });
  listings.set(evalFile, { key, files, reads });
  return files;
}

/**
 * Looks for an eval.yaml beside the case file's folder or one level up (`evals/eval.yaml` for
 * `evals/cases/x.yaml`) and reads its `cases.files`. Problems of that eval.yaml are reported when it
 * is loaded itself, not here.
 */
export function findCaseOwner(caseFile: string): CaseOwner | undefined {
  const dir = dirname(caseFile);
  for (const evalDir of [dir, dirname(dir)]) {
    for (const name of ['eval.yaml', 'eval.yml']) {
      const evalFile = join(evalDir, name);
      if (!observedExists(evalFile)) continue;
      // Read as every side file is: not through a link out of the project, never a FIFO.
      const side = readSideFile(evalFile, projectBoundary(evalDir, skillRootFor(evalDir).root));
      if (!side.ok || side.outside) continue;
      const text = side.text;
      return { evalFile, lists: listedFiles(evalFile, evalDir, text, dir).has(caseFile) };
    }
  }
  return undefined;
}
