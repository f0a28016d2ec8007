export { type Config, ConfigSchema, loadConfig } from './config.js';
export { type EngineSpec, parseEngineKwargs, parseEngineSpec } from './engine-target.js';
export type { CommandIO } from './io.js';
export { main } from './main.js';
