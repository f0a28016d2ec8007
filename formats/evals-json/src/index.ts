export { detectEvalsJson, FILE_PATTERNS } from './detect.js';
export type { Dialect } from './dialect.js';
export { BmadCasesFileSchema, EvalsJsonFileSchema } from './file-schema.js';
export { type LoadEvalsJsonOptions, loadEvalsJson } from './load-evals-json.js';
export { createEvalsJsonFormat, default, type EvalsJsonSettings, EvalsJsonSettingsSchema } from './plugin.js';
export type { ExpectedOutputPolicy } from './read-context.js';
