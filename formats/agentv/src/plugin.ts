import { defineFormat, type Format, parsePluginSettings, YAML_EXTENSIONS } from '@skill-eval/core';
import * as z from 'zod';
import { detectAgentv, FILE_PATTERNS } from './detect.js';

/** Settings of the agentv format, given in the config's `formatSettings` (or by a program as the runner's). */
export const AgentvSettingsSchema = z
  .object({
    /** Severity of a referenced file (content part, input_files, workdir) that does not exist. */
    missingFiles: z.enum(['error', 'warning']).default('warning'),
    /**
     * The AgentV generation the files are written for, where their keys do not tell it rightly: `4` (read as AgentV
     * 4.42.4 reads them) or `5`. Without it, each file's keys decide.
     */
    version: z.enum(['4', '5']).optional(),
  })
  .strict();
export type AgentvSettings = z.infer<typeof AgentvSettingsSchema>;

/** Creates the format reader/writer with fixed settings. */
export function createAgentvFormat(settings: AgentvSettings = AgentvSettingsSchema.parse({})): Format {
  return {
    id: 'agentv',
    filePatterns: FILE_PATTERNS,
    extensions: YAML_EXTENSIONS,
    detect: detectAgentv,
    // The loader (its schemas, checks and readers) is imported when a file is read, not when one is detected.
    load: async (file, text) => (await import('./load-agentv.js')).loadAgentv(file, text, settings),
    // The writer is imported when a suite is written (convert), not when a file is detected or read.
    write: async (suite) => (await import('./write-agentv.js')).writeAgentv(suite),
  };
}

export default defineFormat<AgentvSettings>({
  contract: 'format-v1',
  id: 'agentv',
  description: 'AgentV EVAL.yaml / *.eval.yaml suites, 4.x and v5 (promptfoo-style prompts, vars, assert).',
  parseSettings: (raw) => parsePluginSettings('agentv', AgentvSettingsSchema, raw),
  create: createAgentvFormat,
});
