import type { ApiEngine } from '@skill-eval/agent-loop';
import { defineEngine } from '@skill-eval/core';
import { createOpenAIEngine } from './openai-engine.js';
import { type OpenAISettings, parseOpenAISettings } from './settings.js';

export { type OpenAISettings, parseOpenAISettings } from './settings.js';

export default defineEngine<OpenAISettings, ApiEngine>({
  contract: 'engine-v1',
  id: 'openai',
  aliases: ['openai-api'],
  description:
    'Runs cases directly on the OpenAI Responses API (or Chat Completions, for compatible servers) with the shared skill-aware agent loop (no shell).',
  parseSettings: parseOpenAISettings,
  create: createOpenAIEngine,
});
