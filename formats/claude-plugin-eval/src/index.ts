export { CLAUDE_CODE_VERSION } from './binary-source.js';
export { detectClaudePluginEval, FILE_PATTERNS } from './detect.js';
export { type LoadClaudePluginEvalOptions, loadClaudePluginEval } from './load-claude-plugin-eval.js';
export { type ClaudePluginEvalSettings, createClaudePluginEvalFormat, default } from './plugin.js';
export { writeClaudePluginEval } from './write-claude-plugin-eval.js';
