import { defineFormat, type Format, JSON_EXTENSIONS, parsePluginSettings } from '@skill-eval/core';
import * as z from 'zod';
import { detectEvalsJson, FILE_PATTERNS } from './detect.js';

/** Settings of the evals-json format, given in the config's `formatSettings` (or by a program as the runner's). */
export const EvalsJsonSettingsSchema = z
  .object({
    /** Severity of a `files` entry that does not exist; BMAD's runner only warns. */
    missingFiles: z.enum(['error', 'warning']).default('warning'),
    /** When `expected_output` is graded: `auto` (only without assertions), `always` (AgentV), `never`. */
    expectedOutput: z.enum(['auto', 'always', 'never']).default('auto'),
    /** Runs of each trigger case (`should_trigger` items). */
    triggerRuns: z.coerce.number().int().positive().default(3),
    /**
     * When a case's workspace starts as a copy of the project (the nearest folder with `_bmad/` or `.git`), as BMAD's
     * runner starts it: `bmad` for BMAD evals (BMAD's dialect, setup overlays, or an `evals/…/<skill>/` folder),
     * `always`, or `never`. A BMAD TEA evals.json starts from a copy of the TEA repository, where TEA's runner runs the
     * agent, unless `never`.
     */
    projectCopy: z.enum(['bmad', 'always', 'never']).default('bmad'),
    /** What the project copy leaves out besides `.git`, `node_modules` and run folders: names, or paths with a slash. */
    projectExclude: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type EvalsJsonSettings = z.infer<typeof EvalsJsonSettingsSchema>;

/** Creates the format reader with fixed settings. */
export function createEvalsJsonFormat(settings: EvalsJsonSettings = EvalsJsonSettingsSchema.parse({})): Format {
  return {
    id: 'evals-json',
    filePatterns: FILE_PATTERNS,
    extensions: JSON_EXTENSIONS,
    detect: detectEvalsJson,
    // The loader is imported when a file is read, not when one is detected.
    load: async (file, text) => (await import('./load-evals-json.js')).loadEvalsJson(file, text, settings),
    // The writer is imported when a suite is written (convert), not when a file is detected or read.
    write: async (suite) => (await import('./write-evals-json.js')).writeEvalsJson(suite),
  };
}

export default defineFormat<EvalsJsonSettings>({
  contract: 'format-v1',
  id: 'evals-json',
  description:
    "Agent Skills evals.json in every dialect (skill-creator, agentskills.io, BMAD gen 1, AgentV transpile), BMAD gen-2 cases.json and BMAD TEA's fragment-selection evals.json.",
  parseSettings: (raw) => parsePluginSettings('evals-json', EvalsJsonSettingsSchema, raw),
  create: createEvalsJsonFormat,
});
