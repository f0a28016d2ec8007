export { type AgentvEvalFile, AgentvEvalFileSchema } from './agentv-file-schema.js';
export { agentvDialect, type Dialect } from './dialect.js';
export { type LoadAgentvOptions, loadAgentv } from './load-agentv.js';
export { type AgentvSettings, default } from './plugin.js';
export { writeAgentv } from './write-agentv.js';
