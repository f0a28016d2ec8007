export { type CheckedSkill, checkSkills, SKILL_RULES, type SkillCheckResult } from './check-skills.js';
export { contentWords, descriptionOverlaps, NOTE_FROM, WARN_FROM, wordSetCosine } from './description-overlap.js';
export { findSkills } from './find-skills.js';
export { readSkillDocument, type SkillDocument, type SkillFrontmatter } from './skill-document.js';
export type { SkillRule } from './skill-rule.js';
