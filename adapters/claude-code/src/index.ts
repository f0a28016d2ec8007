import { defineEngine } from '@skill-eval/core';
import { ClaudeCodeEngine } from './claude-code-engine.js';
import { type ClaudeCodeSettings, parseClaudeCodeSettings } from './claude-code-settings.js';

export { ClaudeCodeEngine, ENGINE_ID } from './claude-code-engine.js';
export { type ClaudeCodeSettings, ClaudeCodeSettingsSchema, parseClaudeCodeSettings } from './claude-code-settings.js';
export { buildClaudeArgs, buildClaudeEnv, type ClaudeArgsOptions, type TurnMode } from './claude-command.js';
export { claudeMcpConfig, normalizeClaudeToolName } from './claude-mcp.js';
export { resolveClaudeBinary } from './resolve-claude-binary.js';
export {
  parseStreamJson,
  StreamJsonParser,
  type StreamParseOptions,
  type StreamParseResult,
  type StreamResultInfo,
} from './stream-json.js';
export { StreamJsonTurns } from './stream-json-turns.js';

export default defineEngine<ClaudeCodeSettings, ClaudeCodeEngine>({
  contract: 'engine-v1',
  id: 'claude-code',
  aliases: ['claude_code', 'claude'],
  description:
    'Runs each case on the real Claude Code CLI (`claude -p`, stream-json), skills staged under .claude/skills.',
  parseSettings: parseClaudeCodeSettings,
  create: (settings) => new ClaudeCodeEngine(settings),
});
