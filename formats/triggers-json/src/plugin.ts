import { defineFormat, type Format, JSON_EXTENSIONS, parsePluginSettings } from '@skill-eval/core';
import * as z from 'zod';
import { detectTriggersJson, FILE_PATTERNS } from './detect.js';

/** Settings of the triggers-json format, given in the config's `formatSettings` (or by a program as the runner's). */
export const TriggersJsonSettingsSchema = z.preprocess(
  // `skill_name` is accepted as the files spell it.
  (raw) => {
    if (!raw || typeof raw !== 'object' || !('skill_name' in raw)) return raw;
    const { skill_name, ...rest } = raw as Record<string, unknown>;
    return { skillName: skill_name, ...rest };
  },
  z
    .object({
      /** Runs of each query (BMAD and skill-creator run each 3 times). */
      runs: z.coerce.number().int().positive().default(3),
      /** Share of runs that must fire for a should-trigger query to pass; a should-not query passes below it. */
      threshold: z.coerce.number().min(0).max(1).default(0.5),
      /** Skill under test, when the file is under no SKILL.md and does not name one. */
      skillName: z.string().trim().min(1).optional(),
    })
    .strict(),
);
export type TriggersJsonSettings = z.infer<typeof TriggersJsonSettingsSchema>;

/** Creates the format reader with fixed settings. */
export function createTriggersJsonFormat(
  settings: TriggersJsonSettings = TriggersJsonSettingsSchema.parse({}) as TriggersJsonSettings,
): Format {
  return {
    id: 'triggers-json',
    filePatterns: FILE_PATTERNS,
    extensions: JSON_EXTENSIONS,
    detect: detectTriggersJson,
    // The loader is imported when a file is read, not when one is detected.
    load: async (file, text) => (await import('./load-triggers-json.js')).loadTriggersJson(file, text, settings),
    // The writer is imported when a suite is written (convert), not when a file is detected or read.
    write: async (suite) => (await import('./write-triggers-json.js')).writeTriggersJson(suite, settings),
  };
}

export default defineFormat<TriggersJsonSettings>({
  contract: 'format-v1',
  id: 'triggers-json',
  description:
    'Trigger query sets: [{query, should_trigger}] (BMAD triggers.json, skill-creator --eval-set, agentskills.io eval_queries.json) and the grouped variant.',
  parseSettings: (raw) => parsePluginSettings('triggers-json', TriggersJsonSettingsSchema, raw),
  create: createTriggersJsonFormat,
});
