// Provider-neutral: API engines (anthropic, openai) supply a ModelClient; the loop, tools and Session building are shared.
export { type AgentLoopOptions, type AgentLoopResult, runAgentLoop } from './agent-loop.js';
export { type AgentSessionOptions, buildSystemPrompt, errorSession, runAgentSession } from './agent-session.js';
export { type AgentTool, stringField, ToolError, type ToolOutcome } from './agent-tool.js';
export {
  type ApiConnection,
  type ApiEngine,
  type ApiEngineOptions,
  type ApiEngineSettings,
  createApiEngine,
} from './create-api-engine.js';
export { type ConnectMcpOptions, connectMcpTools, type McpTools, modelToolName } from './mcp-tools.js';
export type * from './model-client.js';
export { createSkillTool, discoverSkills, type StagedSkill, skillListing } from './skill-tool.js';
export { hasArray, unexpectedAnswer, unreadableAnswer } from './unexpected-answer.js';
export { createWorkspaceTools, resolveInWorkspace } from './workspace-tools.js';
