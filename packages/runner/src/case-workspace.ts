import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Case, SkillRef, Warning } from '@skill-eval/core';
import { caseMaterial } from './eval-material.js';
import { fillWorkspace, layOverlays, layProject } from './fill-workspace.js';
import { createFixtureStager } from './fixture-stager.js';
import { makeDirectory } from './make-directory.js';
import { stageSkills } from './stage-skills.js';

/** What {@link stageCaseWorkspace} laid. */
export interface StagedCaseWorkspace {
  /** The staged copies of the case's skills, as an engine is given them. */
  skills: SkillRef[];
  /** What went oddly (a skill not staged, a fixture not laid over the skill). */
  warnings: Warning[];
}

/**
 * Fills the folder `dir` as a run fills an execution's workspace — the project, the overlays, the case's skills at
 * `skillRoots`, then fixtures, git steps and inline files — but runs no setup command and mounts nothing, since the
 * folder outlives the command: agent mode, where a person's own agent does the case's work in it.
 */
export async function stageCaseWorkspace(
  testCase: Case,
  dir: string,
  skillRoots: readonly string[],
  env: Record<string, string> = { PATH: process.env.PATH ?? '' },
): Promise<StagedCaseWorkspace> {
  await makeDirectory(dir);
  const scratch = await mkdtemp(join(tmpdir(), 'skill-eval-stage-'));
  try {
    const target = { root: scratch, ws: dir, mounts: [] };
    const options = { stager: await createFixtureStager({ tempDir: scratch, allowMounts: false }), env };
    await layProject(target, testCase.workspace, options);
    await layOverlays(target, testCase.workspace, options);
    const staged = await stageSkills(
      testCase.skills,
      dir,
      skillRoots,
      join(scratch, 'skills'),
      caseMaterial([testCase]),
    );
    const filled = await fillWorkspace(target, testCase.workspace, { ...options, skillDirs: staged.dirs });
    return { skills: staged.skills, warnings: [...staged.warnings, ...(filled.warnings ?? [])] };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
