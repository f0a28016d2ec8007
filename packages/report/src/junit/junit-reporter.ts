import { defineReporter, parsePluginSettings, type Reporter } from '@skill-eval/core';
import * as z from 'zod';
import { type CaseIndex, CaseIndexSchema } from '../run-dir/case-index.js';
import { readRunDir } from '../run-dir/read-run-dir.js';
import { writeJunit } from './write-junit.js';

export const JunitReporterOptionsSchema = z.object({
  /** The run's case index, so that each testcase names its eval file and line. */
  cases: CaseIndexSchema.optional(),
});
export type JunitReporterOptions = z.infer<typeof JunitReporterOptionsSchema>;

/** Writes `junit.xml` into the run directory when the run ends (also after an interrupt, with what finished). */
export function createJunitReporter(options: JunitReporterOptions = {}): Reporter {
  let outDir: string | undefined;
  const cases: CaseIndex | undefined = options.cases;
  return {
    onRunStart(_plan, dir) {
      outDir = dir;
    },
    async onRunEnd(summary, results) {
      const dir = outDir ?? summary.outDir;
      // The runner hands over every result as it wrote it (redacted, resumed ones included): no need to read them
      // back. Without the case index, the run directory's cases.json has it.
      if (cases) {
        await writeJunit(dir, results, { cases });
        return;
      }
      const record = await readRunDir(dir);
      await writeJunit(record.runDir, record.results, record.cases ? { cases: record.cases } : {});
    },
  };
}

/** The JUnit reporter plugin: `junit.xml` in the run directory. */
export const junitReporter = defineReporter<JunitReporterOptions>({
  contract: 'reporter-v1',
  id: 'junit',
  description: 'JUnit XML (junit.xml in the run directory): one testcase per execution, failures with their reasons.',
  parseSettings: (raw) => parsePluginSettings('junit', JunitReporterOptionsSchema, raw ?? {}),
  create: createJunitReporter,
});
