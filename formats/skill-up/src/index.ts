export { type SkillUpCaseFile, SkillUpCaseFileSchema } from './case-schema.js';
export { detectSkillUp, FILE_PATTERNS } from './detect.js';
export { loadSkillUp } from './load-skill-up.js';
export type { LoadOptions } from './load-suite.js';
export { createSkillUpFormat, default, type SkillUpSettings, SkillUpSettingsSchema } from './plugin.js';
export { type SkillUpSuiteFile, SkillUpSuiteFileSchema } from './suite-schema.js';
export { writeSkillUp } from './write-skill-up.js';
