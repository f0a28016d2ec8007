import { basename } from 'node:path';
import { characters, finding, type SkillRule } from '../skill-rule.js';
import { NAME_MAX } from '../spec-limits.js';
import { kindOf } from './frontmatter-keys.js';

/**
 * `name` as the specification has it (specification.mdx:60-65): 1-64 lowercase letters, digits and hyphens, no hyphen
 * first, last or doubled, and the folder's own name — as skills-ref checks it (validator.py:25-67, after NFKC) and
 * quick_validate.py (lines 53-71, ASCII `[a-z0-9-]` only). skills-ref takes any lowercase letter where
 * quick_validate.py takes a-z alone: a non-ASCII letter is a warning.
 */
export const nameRule: SkillRule = (skill) => {
  const frontmatter = skill.frontmatter;
  if (!frontmatter) return [];
  const { data } = frontmatter;
  const at = frontmatter.valueAt('name');
  if (!('name' in data) || data.name === null || (typeof data.name === 'string' && data.name.trim() === ''))
    return [
      finding(
        skill,
        'error',
        'skill/missing-name',
        `The frontmatter has no \`name\`; the specification requires one, and Codex does not load the skill without it: add \`name: ${basename(skill.dir)}\`.`,
        at ?? { line: 2, column: 1 },
      ),
    ];
  if (typeof data.name !== 'string')
    return [
      finding(
        skill,
        'error',
        'skill/wrong-type',
        `\`name\` is ${kindOf(data.name)}; write the skill's name as text, such as \`name: ${basename(skill.dir)}\`.`,
        at,
      ),
    ];
  const name = data.name.trim().normalize('NFKC');
  const findings = [];
  const problems: string[] = [];
  if (name !== name.toLowerCase()) problems.push('has capital letters');
  if (/[^\p{L}\p{N}-]/u.test(name)) problems.push('holds characters other than letters, digits and hyphens');
  if (name.startsWith('-') || name.endsWith('-')) problems.push('starts or ends with a hyphen');
  if (name.includes('--')) problems.push('holds two hyphens in a row');
  if (problems.length > 0)
    findings.push(
      finding(
        skill,
        'error',
        'skill/name-format',
        `The name "${name}" ${problems.join(', ')}; a skill name is lowercase letters, digits and single hyphens, such as "pdf-processing".`,
        at,
      ),
    );
  else if (/[^a-z0-9-]/.test(name))
    findings.push(
      finding(
        skill,
        'warning',
        'skill/name-format',
        `The name "${name}" holds letters beyond a-z: skills-ref accepts them, but skill-creator's quick_validate.py takes only a-z, 0-9 and hyphens.`,
        at,
      ),
    );
  if (characters(name) > NAME_MAX)
    findings.push(
      finding(
        skill,
        'error',
        'skill/name-too-long',
        `The name is ${characters(name)} characters long; the specification allows at most ${NAME_MAX}, and Codex does not load a skill whose name is longer.`,
        at,
      ),
    );
  const folder = basename(skill.dir).normalize('NFKC');
  if (folder !== name)
    findings.push(
      finding(
        skill,
        'error',
        'skill/name-folder-mismatch',
        `The name "${name}" is not the folder's name "${folder}"; the specification requires them to match, and agents that find a skill by its folder know it as "${folder}". Rename one of them.`,
        at,
      ),
    );
  return findings;
};
