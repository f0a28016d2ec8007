import { existsSync } from 'node:fs';
import { cp, lstat, mkdir, rm, symlink } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import type { SkillRef } from '@skill-eval/core';
import { type Warning, warning } from '@skill-eval/core';
import { isEvalMaterial } from './eval-material.js';
import { skillFolderName } from './skill-folder-name.js';
import { skillLinkTarget } from './skill-link-target.js';
import { insideWorkspace } from './workspace.js';

/**
 * Never staged, nor part of a cached result's key: repository metadata, installed dependencies, and skill-eval's own
 * runs and cache (`.skill-eval/`, there when a run starts in the skill's folder), none of which is part of a skill.
 */
export const NOT_PART_OF_A_SKILL: ReadonlySet<string> = new Set(['.git', 'node_modules', '.skill-eval']);

/** Staged skills, and warnings about skills that could not be staged. */
export interface StagedSkills {
  /** Copies the engine sees (the first skill root's copy). */
  skills: SkillRef[];
  /** Every folder a skill was copied to, under every skill root. */
  dirs: string[];
  warnings: Warning[];
}

/**
 * Copies each skill to `<ws>/<root>/<name>/` for every skill root, overwriting whatever fixtures put there, without
 * its eval material (`evalMaterial`: the files that grade it, see eval-material.ts; its `evals/` folder always).
 * An engine without skill roots (a plain API engine) gets a copy under `fallbackDir`, outside the agent's cwd.
 */
export async function stageSkills(
  skills: readonly SkillRef[],
  ws: string,
  skillRoots: readonly string[],
  fallbackDir: string,
  evalMaterial: ReadonlySet<string> = new Set(),
): Promise<StagedSkills> {
  const staged: SkillRef[] = [];
  const dirs: string[] = [];
  const warnings: Warning[] = [];
  if (skills.length === 0) warnings.push(warning('skill', 'The case names no skill to stage; it runs without one.'));
  // Source of the skill staged under each folder name: a second skill of the same name would replace the first.
  const sources = new Map<string, string>();
  for (const skill of skills) {
    if (!existsSync(join(skill.dir, 'SKILL.md'))) {
      warnings.push(warning('skill', `Skill ${skill.name} not staged: ${skill.dir} holds no SKILL.md.`));
      continue;
    }
    const folder = skillFolderName(skill);
    const earlier = sources.get(folder);
    if (earlier !== undefined) {
      if (earlier !== skill.dir) {
        warnings.push(
          warning(
            'skill',
            `Skill ${skill.name} of ${skill.dir} not staged: the skill of ${earlier} is staged under the same name; give one of them another \`name\` in its SKILL.md.`,
          ),
        );
      }
      continue;
    }
    sources.set(folder, skill.dir);
    const targets = skillRoots.length
      ? skillRoots.map((root) => insideWorkspace(ws, join(root, folder)))
      : [join(fallbackDir, folder)];
    for (const target of targets) {
      // Whatever a fixture or overlay left at the skill's place is replaced, so the skill under test is exact.
      await rm(target, { recursive: true, force: true });
      await mkdir(target, { recursive: true });
      const links: string[] = [];
      await cp(skill.dir, target, {
        recursive: true,
        force: true,
        filter: async (src) => {
          if (src === skill.dir) return true;
          if (NOT_PART_OF_A_SKILL.has(basename(src))) return false;
          const stat = await lstat(src);
          // The agent gets the skill as its users install it, not the files that grade it.
          if (isEvalMaterial(src, stat.isDirectory(), skill.dir, evalMaterial)) return false;
          // Links are laid below, by their own rule: a copied link would point into the author's skill.
          if (!stat.isSymbolicLink()) return true;
          links.push(relative(skill.dir, src));
          return false;
        },
      });
      for (const rel of links) await symlink(await skillLinkTarget(skill.dir, rel), join(target, rel));
    }
    staged.push({ name: skill.name, dir: targets[0]! });
    dirs.push(...targets);
  }
  return { skills: staged, dirs, warnings };
}
