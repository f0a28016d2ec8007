import { defineEngine } from '@skill-eval/core';
import { OpencodeEngine } from './opencode-engine.js';
import { type OpencodeSettings, parseOpencodeSettings } from './opencode-settings.js';

export { type OpencodeSettings, parseOpencodeSettings } from './opencode-settings.js';
export { type OpencodeParseResult, OpencodeStreamParser } from './opencode-stream.js';

export default defineEngine<OpencodeSettings, OpencodeEngine>({
  contract: 'engine-v1',
  id: 'opencode',
  aliases: ['opencode-ai', 'open-code'],
  description:
    'Runs each case on the real OpenCode CLI (`opencode run --format json`), skills staged under .opencode/skills.',
  parseSettings: parseOpencodeSettings,
  create: (settings) => new OpencodeEngine(settings),
});
