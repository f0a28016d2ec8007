// Test helpers for engine plugins; production code imports `@skill-eval/engine-kit`, never this entry.
export { abortWhen } from './abort-when.js';
export { deadlineAfterStart } from './deadline-after-start.js';
export { isGone } from './is-gone.js';
export { type EngineSandbox, makeSandbox } from './make-sandbox.js';
export { executable, programFolder } from './program-files.js';
export { runCollecting } from './run-collecting.js';
