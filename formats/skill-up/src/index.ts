export { type SkillUpCaseFile, SkillUpCaseFileSchema } from './case-schema.js';
export { loadSkillUp } from './load-skill-up.js';
export { default, type SkillUpSettings } from './plugin.js';
export { type SkillUpSuiteFile, SkillUpSuiteFileSchema } from './suite-schema.js';
export { writeSkillUp } from './write-skill-up.js';
