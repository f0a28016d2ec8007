import { existsSync, readFileSync, realpathSync } from 'node:fs';
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
      const files = (yamlContent(text) as { cases?: { files?: unknown } } | undefined)?.cases?.files;
      const entries = Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
      const target = real(caseFile);
      const listed = resolveCaseFiles(entries, skillRootFor(evalDir).root).some((e) =>
        e.files.some((f) => real(f) === target),
      );
      return { evalFile, lists: listed };
    }
  }
  return undefined;
}
