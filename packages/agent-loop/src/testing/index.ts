// Test helpers for API engines; production code imports `@skill-eval/agent-loop`, never this entry.
export { startHtmlServer } from './html-server.js';
export { type TempWorkspace, tempWorkspace } from './temp-workspace.js';
