export type { Dialect } from './dialect.js';
export { BmadCasesFileSchema, EvalsJsonFileSchema } from './file-schema.js';
export { type LoadEvalsJsonOptions, loadEvalsJson } from './load-evals-json.js';
export { default, type EvalsJsonSettings } from './plugin.js';
