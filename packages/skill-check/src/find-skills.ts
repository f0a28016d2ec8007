import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '@skill-eval/core';

/** How deep below a given folder skills are looked for (`plugins/p/skills/s/SKILL.md` is four down). */
const MAX_DEPTH = 5;
const SKIPPED = new Set(['node_modules', '.git']);

/**
 * The skill folders the paths name: a folder holding SKILL.md, a SKILL.md itself, or a folder with skills below it
 * (a skills folder, a plugin, a repository), each skill once, in order. A path naming nothing, or no skill, is an error.
 */
export function findSkills(paths: readonly string[], cwd: string): { dirs: string[]; diagnostics: Diagnostic[] } {
  const dirs: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const given of paths.length > 0 ? paths : ['.']) {
    const path = resolve(cwd, given);
    if (!existsSync(path)) {
      diagnostics.push({
        severity: 'error',
        ruleId: 'skill/not-found',
        file: path,
        message: `Path does not exist: ${given}. Give a skill folder (one holding SKILL.md) or a folder of skills.`,
      });
      continue;
    }
    const found = statSync(path).isDirectory()
      ? skillsUnder(path, 0)
      : basename(path) === 'SKILL.md'
        ? [dirname(path)]
        : [];
    if (found.length === 0)
      diagnostics.push({
        severity: 'error',
        ruleId: 'skill/no-skill',
        file: path,
        message: `No skill here: ${given} holds no SKILL.md${statSync(path).isDirectory() ? ` (looked ${MAX_DEPTH} folders down)` : ''}. A skill is a folder holding a SKILL.md file.`,
      });
    for (const dir of found) if (!dirs.includes(dir)) dirs.push(dir);
  }
  return { dirs, diagnostics };
}

/** A folder holding SKILL.md is a skill (what is below it is its own); else the skills below it, links not followed. */
function skillsUnder(dir: string, depth: number): string[] {
  const skillMd = join(dir, 'SKILL.md');
  if (existsSync(skillMd) && lstatSync(skillMd).isFile()) return [dir];
  if (depth >= MAX_DEPTH) return [];
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isDirectory() && !SKIPPED.has(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => skillsUnder(join(dir, entry.name), depth + 1));
}
