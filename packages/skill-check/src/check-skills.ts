import type { Diagnostic } from '@skill-eval/core';
import { claudeCodeListingBudget } from './claude-code-listing.js';
import { descriptionOverlaps } from './description-overlap.js';
import { findSkills } from './find-skills.js';
import { bodySizeRule } from './rules/body-size.js';
import { compatibilityRule } from './rules/compatibility.js';
import { descriptionRule } from './rules/description.js';
import { fileReferencesRule } from './rules/file-references.js';
import { frontmatterKeys, frontmatterTypes } from './rules/frontmatter-keys.js';
import { nameRule } from './rules/name.js';
import { scriptsRule } from './rules/scripts.js';
import { readSkillDocument, type SkillDocument } from './skill-document.js';
import type { SkillRule } from './skill-rule.js';

/** Every rule run on each skill, in the order a reader meets what they check. */
export const SKILL_RULES: readonly SkillRule[] = [
  frontmatterKeys,
  nameRule,
  descriptionRule,
  frontmatterTypes,
  compatibilityRule,
  bodySizeRule,
  fileReferencesRule,
  scriptsRule,
];

/** A skill that was checked: where it is and the name it gives itself. */
export interface CheckedSkill {
  dir: string;
  file: string;
  /** The frontmatter `name`, when it is text. */
  name?: string;
}

export interface SkillCheckResult {
  skills: CheckedSkill[];
  diagnostics: Diagnostic[];
}

/**
 * Checks the skills the paths name (see {@link findSkills}): each against every rule, then every pair of them for
 * descriptions that overlap, and all of them against Claude Code's listing budget. Reads files only; no program runs, and no network.
 */
export function checkSkills(paths: readonly string[], cwd: string): SkillCheckResult {
  const found = findSkills(paths, cwd);
  const diagnostics = [...found.diagnostics];
  const documents: SkillDocument[] = [];
  for (const dir of found.dirs) {
    const read = readSkill(dir);
    diagnostics.push(...read.diagnostics);
    if (!read.document) continue;
    documents.push(read.document);
    for (const rule of SKILL_RULES) diagnostics.push(...rule(read.document));
  }
  diagnostics.push(...descriptionOverlaps(documents), ...claudeCodeListingBudget(documents));
  return {
    skills: documents.map(({ dir, file, frontmatter }) => ({
      dir,
      file,
      ...(typeof frontmatter?.data.name === 'string' ? { name: frontmatter.data.name } : {}),
    })),
    diagnostics,
  };
}

/** A skill's document, or why SKILL.md could not be read (permissions, not UTF-8 text). */
function readSkill(dir: string): { document?: SkillDocument; diagnostics: Diagnostic[] } {
  try {
    return readSkillDocument(dir);
  } catch (error) {
    return {
      diagnostics: [
        {
          severity: 'error',
          ruleId: 'skill/unreadable',
          file: `${dir}/SKILL.md`,
          message: `Cannot read SKILL.md: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Check its permissions.`,
        },
      ],
    };
  }
}
