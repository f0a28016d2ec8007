import { defineEngine } from '@skill-eval/core';
import { GeminiCliEngine } from './gemini-cli-engine.js';
import { type GeminiCliSettings, parseGeminiCliSettings } from './gemini-cli-settings.js';

export { type GeminiCliSettings, parseGeminiCliSettings } from './gemini-cli-settings.js';
export { type GeminiParseResult, GeminiStreamParser } from './gemini-stream.js';

export default defineEngine<GeminiCliSettings, GeminiCliEngine>({
  contract: 'engine-v1',
  id: 'gemini-cli',
  aliases: ['gemini', 'gemini_cli'],
  description:
    'Runs each case on the real Gemini CLI (headless, `--output-format stream-json`), skills staged under .gemini/skills.',
  parseSettings: parseGeminiCliSettings,
  create: (settings) => new GeminiCliEngine(settings),
});
