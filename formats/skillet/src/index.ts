export { type EvalLocation, resolveSkilletName } from './eval-location.js';
export { type LoadSkilletOptions, loadSkillet } from './load-skillet.js';
export { default, type SkilletSettings } from './plugin.js';
export { detectSentryEvalYaml } from './sentry/detect-sentry.js';
export { type LoadSentryEvalYamlOptions, loadSentryEvalYaml } from './sentry/load-sentry-eval-yaml.js';
export { type SentryEvalFile, SentryEvalFileSchema } from './sentry/sentry-eval-file-schema.js';
export { type AssertionType, type SkilletFile, SkilletFileSchema } from './skillet-file-schema.js';
export { type WriteSkilletOptions, writeSkillet } from './write-skillet.js';
