export { detectSkillet, FILE_PATTERNS } from './detect.js';
export { type EvalLocation, evalLocation, resolveSkilletName } from './eval-location.js';
export { type LoadSkilletOptions, loadSkillet } from './load-skillet.js';
export { createSkilletFormat, default, type SkilletSettings, SkilletSettingsSchema } from './plugin.js';
export {
  ASSERTION_TYPES,
  type AssertionType,
  SkilletAssertionSchema,
  type SkilletFile,
  SkilletFileSchema,
} from './skillet-file-schema.js';
export { type WriteSkilletOptions, writeSkillet } from './write-skillet.js';
