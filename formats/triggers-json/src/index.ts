export { detectTriggersJson, FILE_PATTERNS } from './detect.js';
export { type LoadTriggersJsonOptions, loadTriggersJson } from './load-triggers-json.js';
export {
  createTriggersJsonFormat,
  default,
  type TriggersJsonSettings,
  TriggersJsonSettingsSchema,
} from './plugin.js';
export type { Shape } from './shape.js';
export {
  GroupedQuerySchema,
  GroupedTriggerSetSchema,
  TriggerQuerySchema,
  type TriggersFile,
  TriggersFileSchema,
} from './triggers-file-schema.js';
export { type WriteTriggersJsonOptions, writeTriggersJson } from './write-triggers-json.js';
