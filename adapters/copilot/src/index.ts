import { defineEngine } from '@skill-eval/core';
import { CopilotEngine } from './copilot-engine.js';
import { type CopilotSettings, parseCopilotSettings } from './copilot-settings.js';

export { type CopilotSettings, parseCopilotSettings } from './copilot-settings.js';
export { type CopilotParseResult, CopilotStreamParser, readUsageFile } from './copilot-stream.js';

export default defineEngine<CopilotSettings, CopilotEngine>({
  contract: 'engine-v1',
  id: 'copilot',
  aliases: ['github-copilot', 'copilot-cli'],
  description:
    'Runs each case on the real GitHub Copilot CLI (`copilot --output-format json`), skills staged under .github/skills.',
  parseSettings: parseCopilotSettings,
  create: (settings) => new CopilotEngine(settings),
});
