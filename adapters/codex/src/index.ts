import { defineEngine } from '@skill-eval/core';
import { CodexEngine } from './codex-engine.js';
import { type CodexSettings, parseCodexSettings } from './codex-settings.js';

export {
  buildCodexArgs,
  buildCodexEnv,
  type CodexArgsOptions,
  type CodexTurn,
  providerFlags,
} from './codex-command.js';
export { CodexEngine, ENGINE_ID, TRANSCRIPT_FILE } from './codex-engine.js';
export { CodexEventParser, type CodexParseOptions, type CodexParseResult, parseCodexEvents } from './codex-events.js';
export { codexMcpFlags } from './codex-mcp.js';
export { type CodexSettings, CodexSettingsSchema, DEFAULT_CODEX_MODEL, parseCodexSettings } from './codex-settings.js';
export { readCodexUsage, turnUsage } from './codex-usage.js';
export { resolveCodexBinary } from './resolve-codex-binary.js';
export { skillsMentionedIn, skillsReadBy } from './skill-signals.js';

export default defineEngine<CodexSettings, CodexEngine>({
  contract: 'engine-v1',
  id: 'codex',
  aliases: ['openai-codex'],
  description: 'Runs each case on the real OpenAI Codex CLI (`codex exec --json`), skills staged under .agents/skills.',
  parseSettings: parseCodexSettings,
  create: (settings) => new CodexEngine(settings),
});
