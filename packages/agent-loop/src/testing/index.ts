// Test helpers for API engines; production code imports `@skill-eval/agent-loop`, never this entry.
export { type TempWorkspace, tempWorkspace } from './temp-workspace.js';
