import { defineFormat, type Format, parsePluginSettings, YAML_EXTENSIONS } from '@skill-eval/core';
import * as z from 'zod';
import { detectSkillUp, FILE_PATTERNS } from './detect.js';

/** Settings of the skill-up format; it has none yet. */
export const SkillUpSettingsSchema = z.strictObject({});
export type SkillUpSettings = z.infer<typeof SkillUpSettingsSchema>;

/** Creates the format reader and writer. */
export function createSkillUpFormat(_settings: SkillUpSettings = {}): Format {
  return {
    id: 'skill-up',
    filePatterns: FILE_PATTERNS,
    extensions: YAML_EXTENSIONS,
    detect: detectSkillUp,
    // The loader is imported when a file is read, not when one is detected.
    load: async (file, text) => (await import('./load-skill-up.js')).loadSkillUp(file, text),
    // The writer is imported when a suite is written (convert), not when a file is detected or read.
    write: async (suite) => (await import('./write-skill-up.js')).writeSkillUp(suite),
  };
}

export default defineFormat<SkillUpSettings>({
  contract: 'format-v1',
  id: 'skill-up',
  aliases: ['skillup'],
  description: 'alibaba/skill-up evals: an eval.yaml suite (schema v1alpha1) and the cases/*.yaml files it lists.',
  parseSettings: (raw) => parsePluginSettings('skill-up', SkillUpSettingsSchema, raw),
  create: createSkillUpFormat,
});
