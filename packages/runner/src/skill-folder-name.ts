import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, SkillEvalError, type SkillRef } from '@skill-eval/core';

/** Whether a skill's name can be the one folder it is staged in below a skill root. */
const isFolderName = (name: string): boolean => name !== '' && !/[\\/\0]/.test(name) && name !== '.' && name !== '..';

/**
 * Why a skill's name cannot be its folder under a skill root, as a diagnostic on its SKILL.md line; undefined when it
 * can. Engines find a skill only at `<root>/<name>/SKILL.md`: a frontmatter `name` such as `org/pdf` or `../pdf` would
 * put it where no engine looks (or outside the workspace).
 */
export function skillNameProblem(skill: SkillRef): Diagnostic | undefined {
  if (isFolderName(skill.name)) return undefined;
  const file = join(skill.dir, 'SKILL.md');
  let line = 0;
  try {
    line =
      readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .findIndex((text) => /^name\s*:/.test(text)) + 1;
  } catch {
    // No SKILL.md to point into: the diagnostic names the file alone.
  }
  return {
    severity: 'error',
    ruleId: 'skill/name-not-a-folder',
    file,
    ...(line > 0 ? { line, column: 1 } : {}),
    message: `The skill name ${JSON.stringify(skill.name)} (frontmatter \`name\`) is not a folder name, so no engine would find the skill; write a plain name such as "pdf-tools" (lowercase letters, digits and hyphens), like its folder's.`,
  };
}

/** The folder a skill is staged in under a skill root: its name, which must be one plain path segment. */
export function skillFolderName(skill: SkillRef): string {
  const problem = skillNameProblem(skill);
  if (!problem) return skill.name;
  throw new SkillEvalError('BAD_INPUT', `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`);
}
