export { type AgentvEvalFile, AgentvEvalFileSchema } from './agentv-file-schema.js';
export { detectAgentv, FILE_PATTERNS } from './detect.js';
export { agentvDialect, type Dialect } from './dialect.js';
export { type LoadAgentvOptions, loadAgentv } from './load-agentv.js';
export { type AgentvSettings, AgentvSettingsSchema, createAgentvFormat, default } from './plugin.js';
export { writeAgentv } from './write-agentv.js';
