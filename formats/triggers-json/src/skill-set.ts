import { basename, dirname, join } from 'node:path';
import { observedEntries, observedExists, readSkillRef, type SkillRef } from '@skill-eval/core';

/** How far above a routing table its skills folder may be: `skills/evals/routing.json` is one level. */
const LEVELS = 1;

/** A folder of skills installed together: each child folder holding a SKILL.md, in name order. */
function skillsIn(dir: string): SkillRef[] {
  let names: string[];
  try {
    names = observedEntries(dir)
      .filter((entry) => entry.isDirectory() && observedExists(join(dir, entry.name, 'SKILL.md')))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => readSkillRef(join(dir, name)));
}

/**
 * The skills a routing table routes between: the nearest folder at or above the file's that holds skill folders
 * (a skills folder), or whose `skills/` does (a plugin, `<plugin>/skills/*\/SKILL.md`), at most one level up.
 */
export function findSkillSet(from: string): { dir: string; skills: SkillRef[] } | undefined {
  let dir = from;
  for (let level = 0; level <= LEVELS; level++) {
    for (const candidate of basename(dir) === 'skills' ? [dir] : [dir, join(dir, 'skills')]) {
      const skills = skillsIn(candidate);
      if (skills.length > 0) return { dir: candidate, skills };
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}
