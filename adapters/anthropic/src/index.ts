import { defineEngine } from '@skill-eval/core';
import { createAnthropicEngine } from './anthropic-engine.js';
import { type AnthropicSettings, parseAnthropicSettings } from './settings.js';

// agent-*, model-client, skill-tool and workspace-tools are provider-neutral: other API engines (OpenAI) reuse them.
export { type AgentLoopOptions, type AgentLoopResult, runAgentLoop } from './agent-loop.js';
export { type AgentSessionOptions, buildSystemPrompt, errorSession, runAgentSession } from './agent-session.js';
export { type AgentTool, stringField, ToolError, type ToolOutcome } from './agent-tool.js';
export { type AnthropicClientOptions, AnthropicModelClient } from './anthropic-client.js';
export { createAnthropicEngine, sdkVersion } from './anthropic-engine.js';
export type * from './model-client.js';
export { type AnthropicSettings, AnthropicSettingsSchema, parseAnthropicSettings } from './settings.js';
export { createSkillTool, discoverSkills, type StagedSkill, skillListing } from './skill-tool.js';
export { createWorkspaceTools, resolveInWorkspace } from './workspace-tools.js';

export default defineEngine<AnthropicSettings>({
  contract: 'engine-v1',
  id: 'anthropic',
  aliases: ['anthropic-api', 'claude-api'],
  description: 'Runs cases directly on the Anthropic Messages API with a small skill-aware agent loop (no shell).',
  parseSettings: parseAnthropicSettings,
  create: createAnthropicEngine,
});
