import { defineReporter, lazySchema, parsePluginSettings, type Reporter } from '@skill-eval/core';
import * as z from 'zod';
import { CaseIndexSchema } from '../run-dir/case-index.js';
import { readRunDir } from '../run-dir/read-run-dir.js';
import { writeSkillCreatorOutputs } from './write-skill-creator.js';

export const SkillCreatorReporterOptionsSchema = lazySchema(() =>
  z.object({
    /** Write the agentskills.io variant (`assertion_results`, numeric deltas) instead of skill-creator's. */
    agentskills: z.union([z.boolean(), z.stringbool()]).optional(),
    /** The run's case index: prompts, assertions and the skill for eval_metadata.json and benchmark.json. */
    cases: CaseIndexSchema.optional(),
  }),
);
export type SkillCreatorReporterOptions = z.infer<typeof SkillCreatorReporterOptionsSchema>;

export function createSkillCreatorReporter(options: SkillCreatorReporterOptions = {}): Reporter {
  let outDir: string | undefined;
  return {
    onRunStart(_plan, dir) {
      outDir = dir;
    },
    async onRunEnd(summary) {
      // From the run directory, not memory: what was written there is redacted, and holds resumed results too.
      const record = await readRunDir(outDir ?? summary.outDir);
      const cases = record.cases ?? options.cases;
      await writeSkillCreatorOutputs(record.runDir, record.results, {
        flavor: options.agentskills ? 'agentskills' : 'skill-creator',
        summary: record.summary ?? summary,
        ...(cases ? { cases } : {}),
      });
    },
  };
}

/** skill-creator's workspace layout (grading.json, timing.json, benchmark.json) inside the run directory. */
export const skillCreatorReporter = defineReporter<SkillCreatorReporterOptions>({
  contract: 'reporter-v1',
  id: 'skill-creator',
  description:
    "skill-creator's files in the run directory (grading.json, timing.json, benchmark.json), for its viewer and aggregator.",
  parseSettings: (raw) => parsePluginSettings('skill-creator', SkillCreatorReporterOptionsSchema, raw ?? {}),
  create: createSkillCreatorReporter,
});
