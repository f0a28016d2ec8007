export { type LoadTriggersJsonOptions, loadTriggersJson } from './load-triggers-json.js';
export { default, type TriggersJsonSettings } from './plugin.js';
export { type TriggersFile, TriggersFileSchema } from './triggers-file-schema.js';
export { type WriteTriggersJsonOptions, writeTriggersJson } from './write-triggers-json.js';
