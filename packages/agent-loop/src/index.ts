// Provider-neutral: API engines (anthropic, openai) supply a ModelClient; the loop, tools and Session building are shared.
// Exported: what an API engine is built from (createApiEngine, the ModelClient types, answer checks) and the skill
// listing the README shows; the loop, its tools and MCP wiring stay private.
export { buildSystemPrompt } from './agent-session.js';
export {
  type ApiConnection,
  type ApiEngine,
  type ApiEngineOptions,
  type ApiEngineSettings,
  createApiEngine,
} from './create-api-engine.js';
export type * from './model-client.js';
export { discoverSkills, type StagedSkill, skillListing } from './skill-tool.js';
export { hasArray, unexpectedAnswer, unreadableAnswer } from './unexpected-answer.js';
