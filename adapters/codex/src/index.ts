import { defineEngine } from '@skill-eval/core';
import { CodexEngine } from './codex-engine.js';
import { type CodexSettings, parseCodexSettings } from './codex-settings.js';

export { type CodexSettings, parseCodexSettings } from './codex-settings.js';

export default defineEngine<CodexSettings, CodexEngine>({
  contract: 'engine-v1',
  id: 'codex',
  aliases: ['openai-codex'],
  description: 'Runs each case on the real OpenAI Codex CLI (`codex exec --json`), skills staged under .agents/skills.',
  parseSettings: parseCodexSettings,
  create: (settings) => new CodexEngine(settings),
});
