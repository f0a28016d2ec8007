import { characters, finding, type SkillRule } from '../skill-rule.js';
import { COMPATIBILITY_MAX } from '../spec-limits.js';

/** `compatibility`: at most 500 characters when given (specification.mdx:126-128; validator.py:87-101). */
export const compatibilityRule: SkillRule = (skill) => {
  const frontmatter = skill.frontmatter;
  const value = frontmatter?.data.compatibility;
  if (!frontmatter || typeof value !== 'string' || characters(value) <= COMPATIBILITY_MAX) return [];
  return [
    finding(
      skill,
      'error',
      'skill/compatibility-too-long',
      `\`compatibility\` is ${characters(value)} characters long; the specification allows at most ${COMPATIBILITY_MAX}: name the product, system packages or network access the skill needs, nothing more.`,
      frontmatter.valueAt('compatibility'),
    ),
  ];
};
