import { defineFormat, type Format, MARKDOWN_EXTENSIONS, parsePluginSettings } from '@skill-eval/core';
import * as z from 'zod';
import { detectEvalMd, FILE_PATTERNS } from './detect.js';

/** Settings of the eval-md format; it has none yet. */
export const EvalMdSettingsSchema = z.object({}).strict();
export type EvalMdSettings = z.infer<typeof EvalMdSettingsSchema>;

/** Creates the format reader and writer. */
export function createEvalMdFormat(_settings: EvalMdSettings = {}): Format {
  return {
    id: 'eval-md',
    filePatterns: FILE_PATTERNS,
    extensions: MARKDOWN_EXTENSIONS,
    detect: detectEvalMd,
    // The loader is imported when a file is read, not when one is detected.
    load: async (file, text) => (await import('./load-eval-md.js')).loadEvalMd(file, text),
    // The writer is imported when a suite is written (convert), not when a file is detected or read.
    write: async (suite) => (await import('./write-eval-md.js')).writeEvalMd(suite),
  };
}

export default defineFormat<EvalMdSettings>({
  contract: 'format-v1',
  id: 'eval-md',
  aliases: ['skillkit'],
  description:
    'SkillKit EVAL.md suites: one "## " case per heading with Prompt and Expect sections (and the older single-case layouts).',
  parseSettings: (raw) => parsePluginSettings('eval-md', EvalMdSettingsSchema, raw),
  create: createEvalMdFormat,
});
