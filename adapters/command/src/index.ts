import { defineEngine } from '@skill-eval/core';
import { CommandEngine } from './command-engine.js';
import { type CommandSettings, parseCommandSettings } from './command-settings.js';

export { CommandEngine, ENGINE_ID, FILES } from './command-engine.js';
export {
  type CommandSettings,
  CommandSettingsSchema,
  commandMode,
  parseCommandSettings,
  responseFormat,
} from './command-settings.js';
export { isSensitiveName, looksLikeCredential } from './secret-rules.js';
export { runIdentity, type SessionInputJson, type SessionMessage } from './session-input.js';
export { parseSessionResult, type SessionResultJson, SessionResultSchema } from './session-result.js';
export { commandLineProblem, renderTemplate, TemplateError, type TemplateVars, tokenize } from './template.js';
export { BUILTIN_NAMES, buildTemplateVars } from './template-vars.js';

export default defineEngine<CommandSettings, CommandEngine>({
  contract: 'engine-v1',
  id: 'command',
  aliases: ['custom', 'local'],
  description:
    "Runs each case on a program of yours: a shell command (prompt on stdin, stdout is the answer) or skill-up's custom engine contract.",
  parseSettings: parseCommandSettings,
  create: (settings) => new CommandEngine(settings),
});
