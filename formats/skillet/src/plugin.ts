import { defineFormat, type Format, parsePluginSettings, YAML_EXTENSIONS } from '@skill-eval/core';
import * as z from 'zod';
import { detectSkillet, FILE_PATTERNS } from './detect.js';
import { isSentryEvalYaml } from './sentry/detect-sentry.js';

/** Settings of the skillet format, given in the config's `formatSettings` (or by a program as the runner's). */
export const SkilletSettingsSchema = z
  .object({
    /** Runs of each eval, Skillet's `--samples` (default 3). */
    samples: z.coerce.number().int().positive().default(3),
  })
  .strict();
export type SkilletSettings = z.infer<typeof SkilletSettingsSchema>;

/** Creates the format reader with fixed settings. */
export function createSkilletFormat(settings: SkilletSettings = SkilletSettingsSchema.parse({})): Format {
  return {
    id: 'skillet',
    filePatterns: FILE_PATTERNS,
    extensions: YAML_EXTENSIONS,
    detect: detectSkillet,
    // Two tools are called Skillet: getsentry/skillet's `.eval.yaml` (an `evals` list) and thekevinscott/skillet's evals.
    // Their loaders are imported when a file is read, not when one is detected.
    load: async (file, text) =>
      isSentryEvalYaml(file, text)
        ? (await import('./sentry/load-sentry-eval-yaml.js')).loadSentryEvalYaml(file, text)
        : (await import('./load-skillet.js')).loadSkillet(file, text, settings),
    // The writer is imported when a suite is written (convert), not when a file is detected or read.
    write: async (suite) => (await import('./write-skillet.js')).writeSkillet(suite, settings),
  };
}

export default defineFormat<SkilletSettings>({
  contract: 'format-v1',
  id: 'skillet',
  description:
    "Skillet evals: thekevinscott/skillet's one YAML file per eval (timestamp, name, prompt, expected, assertions) under evals/<name>/, and getsentry/skillet's *.eval.yaml (evals: [{name, turns, checks, criteria, threshold}]).",
  parseSettings: (raw) => parsePluginSettings('skillet', SkilletSettingsSchema, raw),
  create: createSkilletFormat,
});
