import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { type Case, type Diagnostic, readSkillRef, type SkillRef, type Suite } from '@skill-eval/core';
import { bmadProjectRoot } from '@skill-eval/format-kit/resolve-fixture';

/** Whether a folder is a skill's: it holds a SKILL.md. */
export const isSkillFolder = (dir: string): boolean => existsSync(join(dir, 'SKILL.md'));

const isDir = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** Folders named `name` below `root`, breadth first then by path (dot, dependency and build folders skipped). */
function foldersNamed(root: string, name: string): string[] {
  const found: string[] = [];
  let level = [root];
  while (level.length > 0) {
    const next: string[] = [];
    for (const dir of level.sort()) {
      let entries: import('node:fs').Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        const path = join(dir, entry.name);
        if (entry.name === name) found.push(path);
        next.push(path);
      }
    }
    level = next;
  }
  return found;
}

/** Where a skill's evals were found, and how. */
export interface SkillEvalsFound {
  /** Eval files, as the scan of the chosen place found them (or the one file `--evals` names). */
  files: string[];
  /** Which of BMAD's places held them, for the note. */
  place?: string;
}

/**
 * BMAD's discovery of a skill's evals, the first place that holds eval files winning (bmad-eval-runner, "Where evals
 * can live"): `--evals <path>` (a folder or one file), `<skill>/evals/`, `<skill>/../../evals/<skill-name>/`,
 * `<project>/evals/<skill-name>/`, then any `<project>/evals/…/<skill-name>/` at any depth. The skill's name is its folder's, as
 * BMAD derives it from the SKILL.md path. `scan` lists the eval files a folder holds.
 */
export function findSkillEvals(skillDir: string, scan: (dir: string) => string[], explicit?: string): SkillEvalsFound {
  if (explicit !== undefined) {
    if (!isDir(explicit)) return { files: existsSync(explicit) ? [explicit] : [], place: '--evals' };
    return { files: scan(explicit), place: '--evals' };
  }
  const name = basename(skillDir);
  const project = bmadProjectRoot(skillDir);
  const places: [string, string][] = [
    [join(skillDir, 'evals'), '<skill>/evals/'],
    [resolve(skillDir, '..', '..', 'evals', name), '<skill>/../../evals/<skill-name>/'],
  ];
  if (project) places.push([join(project, 'evals', name), '<project>/evals/<skill-name>/']);
  for (const [dir, place] of places) {
    const files = isDir(dir) ? scan(dir) : [];
    if (files.length > 0) return { files, place };
  }
  if (project && isDir(join(project, 'evals'))) {
    for (const dir of foldersNamed(join(project, 'evals'), name)) {
      const files = scan(dir);
      if (files.length > 0) return { files, place: '<project>/evals/**/<skill-name>/' };
    }
  }
  return { files: [] };
}

/** Diagnostics of a loaded file that only said the skill could not be found, which discovery has found. */
const SKILL_NOT_FOUND = new Set(['evals-json/no-skill', 'triggers-json/skill-from-folder']);

/**
 * The suites of an eval file found for a skill outside its folder, tied to that skill, as BMAD's runner ties the
 * evals it finds to the skill it was given: a suite that found no skill of its own gets it — each case stages it,
 * and a skill-used check naming the skill the file guessed names it — and the file's warnings that no skill was found
 * are dropped. A suite that found another skill keeps it.
 */
export function bindSkill(
  suites: readonly Suite[],
  diagnostics: readonly Diagnostic[],
  skillDir: string,
): { suites: Suite[]; diagnostics: Diagnostic[] } {
  const skill = readSkillRef(skillDir);
  const bound = suites.map((suite) => {
    if (suite.skill) return suite;
    const guessed = typeof suite.settings.skillName === 'string' ? suite.settings.skillName : suite.name;
    return { ...suite, skill, cases: suite.cases.map((c) => bindCase(c, skill, guessed)) };
  });
  const kept = suites.some((s) => !s.skill)
    ? diagnostics.filter((d) => !SKILL_NOT_FOUND.has(d.ruleId))
    : [...diagnostics];
  return { suites: bound, diagnostics: kept };
}

function bindCase(testCase: Case, skill: SkillRef, guessed: string): Case {
  const rename = <T extends { type: string; value?: unknown }>(check: T): T =>
    check.type === 'skill-used' && check.value === guessed ? { ...check, value: skill.name } : check;
  return {
    ...testCase,
    skills: testCase.skills.length > 0 ? testCase.skills : [skill],
    gates: testCase.gates.map(rename),
    checks: testCase.checks.map(rename),
    failIf: testCase.failIf.map(rename),
  };
}
