import { basename, dirname } from 'node:path';
import { findSkillRoot } from '@skill-eval/core';

/** The directory paths resolve from, and whether a SKILL.md was found there. */
export interface SkillRootLookup {
  root: string;
  found: boolean;
}

/**
 * skill-up's root for an eval directory: the nearest SKILL.md ancestor (≤ 10 levels), else the
 * parent of the eval directory. For a lone case file under `cases/`, the eval directory is the
 * folder above `cases/`.
 */
export function skillRootFor(evalDir: string): SkillRootLookup {
  const root = findSkillRoot(evalDir);
  return root ? { root, found: true } : { root: dirname(evalDir), found: false };
}

/** The eval directory a case file would sit in: the folder above `cases/`, else its own folder. */
export function evalDirOfCase(caseFile: string): string {
  const dir = dirname(caseFile);
  return basename(dir) === 'cases' ? dirname(dir) : dir;
}
