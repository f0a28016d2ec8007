import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
    return realpathSync(path);
  } catch {
    return path;
  }
};

interface Listing {
  key: string;
  files: ListedFiles;
}

/** The case files an eval.yaml lists: as resolved, and their real paths (looked up only when a path is not there). */
class ListedFiles {
  private reals: Set<string> | undefined;
  constructor(private readonly paths: Set<string>) {}

  /** Whether `file` is one of them, through symlinks too. */
  has(file: string): boolean {
    if (this.paths.has(file)) return true;
    this.reals ??= new Set([...this.paths].map(real));
    return this.reals.has(real(file));
  }
}

/** The last listing of each eval.yaml: every case file of a suite asks the same question about it. */
const listings = new Map<string, Listing>();

/**
 * The case files an eval.yaml lists. Reused while the eval.yaml's text and the case folder are unchanged (a file
 * added to the folder changes its mtime), so a suite of n case files is globbed once, not n times.
 */
function listedFiles(evalFile: string, evalDir: string, text: string, caseDir: string): ListedFiles {
  let folder = '';
  try {
    folder = String(statSync(caseDir, { bigint: true }).mtimeNs);
  } catch {}
  const key = `${folder}\0${text}`;
  const known = listings.get(evalFile);
  if (known?.key === key) return known.files;
  const listed = (yamlContent(text) as { cases?: { files?: unknown } } | undefined)?.cases?.files;
  const entries = Array.isArray(listed) ? listed.filter((f): f is string => typeof f === 'string') : [];
  const paths = new Set(resolveCaseFiles(entries, skillRootFor(evalDir).root).flatMap((e) => e.files));
  const files = new ListedFiles(paths);
  listings.set(evalFile, { key, files });
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
      if (!existsSync(evalFile)) continue;
      let text: string;
      try {
        text = readFileSync(evalFile, 'utf8');
      } catch {
        continue;
      }
      return { evalFile, lists: listedFiles(evalFile, evalDir, text, dir).has(caseFile) };
    }
  }
  return undefined;
}
