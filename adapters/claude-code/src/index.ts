import { defineEngine } from '@skill-eval/core';
import { ClaudeCodeEngine } from './claude-code-engine.js';
import { type ClaudeCodeSettings, parseClaudeCodeSettings } from './claude-code-settings.js';

export { type ClaudeCodeSettings, parseClaudeCodeSettings } from './claude-code-settings.js';
export {
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
