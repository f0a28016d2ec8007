import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
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
    const stat = statSync(path);
    const found = stat.isDirectory()
      ? skillsUnder(path, 0, new Set())
      : basename(path) === 'SKILL.md' && stat.isFile()
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

/**
 * A folder holding SKILL.md is a skill (what is below it is its own); else the skills below it. A linked folder is
 * followed (`.claude/skills/pdf` linked to the skill's source is common), each real folder once.
 */
function skillsUnder(dir: string, depth: number, visited: Set<string>): string[] {
  const real = realPath(dir);
  if (real === undefined || visited.has(real)) return [];
  visited.add(real);
  if (isFile(join(dir, 'SKILL.md'))) return [dir];
  if (depth >= MAX_DEPTH) return [];
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter(
      (entry) =>
        !SKIPPED.has(entry.name) &&
        (entry.isDirectory() || (entry.isSymbolicLink() && isDirectory(join(dir, entry.name)))),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => skillsUnder(join(dir, entry.name), depth + 1, visited));
}

/** A regular file (a FIFO or device named SKILL.md is not read: reading it could block). */
const isFile = (path: string): boolean => statOf(path)?.isFile() === true;
const isDirectory = (path: string): boolean => statOf(path)?.isDirectory() === true;

function statOf(path: string): import('node:fs').Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
