export { type EngineSpec, parseEngineKwargs, parseEngineSpec } from './engines/engine-target.js';
export type { CommandIO } from './io/io.js';
export { main } from './main.js';
export { type Config, ConfigSchema, loadConfig } from './policy/config.js';
