import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SkillEvalError, type SkillRef } from '@skill-eval/core';

/**
 * The folder a skill is staged in under a skill root: its name, which must be one plain path segment, for engines
 * find a skill only at `<root>/<name>/SKILL.md`. A frontmatter `name` such as `org/pdf` or `../pdf` would put it
 * where no engine looks (or outside the workspace), so it is refused, naming the SKILL.md line to change.
 */
export function skillFolderName(skill: SkillRef): string {
  const { name } = skill;
  if (!/[\\/]/.test(name) && name !== '.' && name !== '..') return name;
  const file = join(skill.dir, 'SKILL.md');
  const line =
    readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .findIndex((text) => /^name\s*:/.test(text)) + 1;
  throw new SkillEvalError(
    'BAD_INPUT',
    `${file}${line > 0 ? `:${line}` : ''}: the skill name ${JSON.stringify(name)} (frontmatter \`name\`) is not a folder name, so no engine would find the skill; write a plain name such as "pdf-tools" (lowercase letters, digits and hyphens), like its folder's.`,
  );
}
