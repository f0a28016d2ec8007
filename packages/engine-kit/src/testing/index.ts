// Test helpers for engine plugins; production code imports `@skill-eval/engine-kit`, never this entry.
export { isGone } from './is-gone.js';
export { type EngineSandbox, makeSandbox } from './make-sandbox.js';
export { runCollecting } from './run-collecting.js';
