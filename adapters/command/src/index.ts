import { defineEngine } from '@skill-eval/core';
import { CommandEngine } from './command-engine.js';
import { type CommandSettings, parseCommandSettings } from './command-settings.js';

export { type CommandSettings, parseCommandSettings, responseFormat } from './command-settings.js';

export default defineEngine<CommandSettings, CommandEngine>({
  contract: 'engine-v1',
  id: 'command',
  aliases: ['custom', 'local'],
  description:
    "Runs each case on a program of yours: a shell command (prompt on stdin, stdout is the answer) or skill-up's custom engine contract.",
  parseSettings: parseCommandSettings,
  create: (settings) => new CommandEngine(settings),
});
