import { join } from 'node:path';
import { errorInfo, type SkillRef, type Warning } from '@skill-eval/core';
import type { EngineTarget } from './engine-target.js';
import { ExecutionFailure } from './execution-failure.js';
import type { ExecutionWorkspace } from './execution-workspace.js';
import type { PlanItem } from './plan.js';
import { stageSkills } from './stage-skills.js';
import { skillsForVariant } from './variant-skills.js';
import type { Workspace } from './workspace.js';

/**
 * Stages the skills the execution's variant runs with where its engine looks for them, without the run's eval material;
 * none for `without_skill`.
 */
export async function stageVariantSkills(
  { testCase, target, variant }: PlanItem<EngineTarget>,
  baselineSkill: SkillRef | undefined,
  evalMaterial: ReadonlySet<string> | undefined,
  workspace: Workspace,
  life: ExecutionWorkspace,
  warnings: Warning[],
): Promise<SkillRef[]> {
  if (variant === 'without_skill') return [];
  try {
    const fallbackDir = join(workspace.root, 'skills');
    const toStage = skillsForVariant(testCase.skills, variant, baselineSkill);
    const staged = await stageSkills(toStage, workspace.ws, target.engine.skillRoots, fallbackDir, evalMaterial);
    life.keepSkills(staged.dirs);
    warnings.push(...staged.warnings);
    return staged.skills;
  } catch (error) {
    throw new ExecutionFailure('WORKSPACE_FAILED', `Cannot stage skills: ${errorInfo(error).message}`);
  }
}
