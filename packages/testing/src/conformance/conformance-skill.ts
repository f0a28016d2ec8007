import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SkillRef } from '@skill-eval/core';

/** The description the suite's skill carries; unique, so a request that lists the skill is easy to spot. */
export const SKILL_DESCRIPTION = 'Use when the user asks for the conformance greeting (marker 7Qz4).';
/** A line of the skill's body; a request carrying it shows the engine loaded the skill. */
export const SKILL_BODY = 'Reply with CONFORMANCE-GREETING-K2v9 and nothing else.';

/** Writes the suite's skill to `<dir>/<name>/SKILL.md`, outside any skill root. */
export function writeConformanceSkill(dir: string, name: string): SkillRef {
  const skillDir = join(dir, name);
  mkdirSync(skillDir, { recursive: true });
  writeFileSync(
    join(skillDir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${SKILL_DESCRIPTION}\n---\n# ${name}\n\n${SKILL_BODY}\n`,
  );
  return { name, dir: skillDir };
}

/**
 * Stages a skill as the runner does: a copy under every skill root of the workspace (or under `fallbackDir`
 * for an engine without skill roots); the engine is given the first copy.
 */
export function stageSkill(skill: SkillRef, workspace: string, skillRoots: readonly string[], fallbackDir: string) {
  const targets = skillRoots.length
    ? skillRoots.map((root) => join(workspace, root, skill.name))
    : [join(fallbackDir, skill.name)];
  for (const target of targets) {
    mkdirSync(target, { recursive: true });
    cpSync(skill.dir, target, { recursive: true });
  }
  return { name: skill.name, dir: targets[0]! };
}
