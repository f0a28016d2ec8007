import { readdirSync } from 'node:fs';
import { isAbsolute, join, resolve, sep } from 'node:path';
import type { Case, Check, Suite } from '@skill-eval/core';

/**
 * The folder name every format keeps a skill's evals in (skill-creator, agentskills.io, BMAD, skill-up and AgentV's
 * examples all write `<skill>/evals/`): eval material as a whole, with whatever else grades the skill beside its
 * eval files (expected outputs, fixtures, a fake model's script).
 */
export const EVALS_FOLDER = 'evals';

/**
 * Every file that grades a run's skills, as absolute paths: the eval files the run loaded (each suite's file and
 * each case's own, as skill-up's case files), the fixtures, overlays and diffs its cases copy in on purpose, and the
 * files their checks read (a golden file, a grading script). None of it is part of a skill as its users install it.
 */
export function evalMaterial(suites: readonly Suite[]): ReadonlySet<string> {
  return caseMaterial(
    suites.flatMap((s) => s.cases),
    suites.map((s) => s.file),
  );
}

/** {@link evalMaterial} of some cases, with other eval files (`files`) the run loaded. */
export function caseMaterial(cases: readonly Case[], files: readonly string[] = []): ReadonlySet<string> {
  const material = new Set(files.map((f) => resolve(f)));
  for (const c of cases) {
    material.add(resolve(c.source.file));
    const w = c.workspace;
    for (const path of [...w.files.map((f) => f.from), ...w.overlays, ...(w.git?.applyDiff ? [w.git.applyDiff] : [])])
      material.add(resolve(path));
    for (const check of [...c.gates, ...c.checks, ...c.failIf]) for (const path of pathsOf(check)) material.add(path);
  }
  return material;
}

/** Absolute paths a check names in its parameters (`golden: /…/expected.txt`, `value: "'/…/grade.sh' --strict"`). */
function pathsOf(check: Check | unknown): string[] {
  if (typeof check === 'string') {
    return check
      .split(/\s+/)
      .map((word) => word.replace(/^['"]|['"]$/g, ''))
      .filter((word) => isAbsolute(word));
  }
  if (Array.isArray(check)) return check.flatMap(pathsOf);
  if (check && typeof check === 'object') return Object.values(check).flatMap(pathsOf);
  return [];
}

/**
 * Whether `path`, inside the skill at `skillDir`, grades the skill rather than being part of it: a file of
 * `material`, the skill's `evals/` folder, or a folder every file of which is material (a fixtures folder, the
 * folder of a skill-up suite). `isDir` says what `path` is. The skill's own folder never is.
 */
export function isEvalMaterial(path: string, isDir: boolean, skillDir: string, material: ReadonlySet<string>): boolean {
  if (material.has(path)) return true;
  if (!isDir || path === skillDir) return false;
  if (path === join(skillDir, EVALS_FOLDER)) return true;
  return holdsOnly(path, material);
}

/** Whether a folder holds files and every one of them (at any depth) is material. */
function holdsOnly(dir: string, material: ReadonlySet<string>): boolean {
  if ([...material].some((m) => m === dir || m.startsWith(dir + sep))) {
    let files = 0;
    const walk = (at: string): boolean =>
      readdirSync(at, { withFileTypes: true }).every((entry) => {
        const path = join(at, entry.name);
        if (material.has(path)) return ++files > 0;
        if (entry.isDirectory()) return walk(path);
        return false;
      });
    return walk(dir) && files > 0;
  }
  return false;
}
