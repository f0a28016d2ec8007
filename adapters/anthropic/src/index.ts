import type { ApiEngine } from '@skill-eval/agent-loop';
import { defineEngine } from '@skill-eval/core';
import { createAnthropicEngine } from './anthropic-engine.js';
import { type AnthropicSettings, parseAnthropicSettings } from './settings.js';

// The agent loop, tools and ModelClient contract live in @skill-eval/agent-loop, shared with the other API engines.
export { type AnthropicSettings, parseAnthropicSettings } from './settings.js';

export default defineEngine<AnthropicSettings, ApiEngine>({
  contract: 'engine-v1',
  id: 'anthropic',
  aliases: ['anthropic-api', 'claude-api'],
  description: 'Runs cases directly on the Anthropic Messages API with a small skill-aware agent loop (no shell).',
  parseSettings: parseAnthropicSettings,
  create: createAnthropicEngine,
});
