import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type CaseResult, defineReporter, parsePluginSettings, type Reporter, type RunSummary } from '@skill-eval/core';
import { writeHarnessFileAtomically } from '@skill-eval/engine-kit/agent-files';
import * as z from 'zod';
import { renderHtmlReport } from './render-html-report.js';
import { runDirFiles } from './run-dir-files.js';
import { HTML_REPORT_FILE } from './write-html-report.js';

export const HtmlReporterOptionsSchema = z.object({
  /** Where to write the report; relative paths are taken from the run directory (default `report.html` there). */
  file: z.string().min(1).optional(),
});
export type HtmlReporterOptions = z.infer<typeof HtmlReporterOptionsSchema>;

/** Writes the HTML report when the run ends; what it wrote is in `writtenTo` (for the CLI to print). */
export interface HtmlReporter extends Reporter {
  onRunEnd(summary: RunSummary, results: readonly CaseResult[]): Promise<void>;
  /** Path of the report, once written. */
  readonly writtenTo: string | undefined;
}

export function createHtmlReporter(options: HtmlReporterOptions = {}): HtmlReporter {
  let writtenTo: string | undefined;
  return {
    get writtenTo() {
      return writtenTo;
    },
    async onRunEnd(summary: RunSummary, results: readonly CaseResult[]) {
      const runDir = summary.outDir;
      const file = resolve(runDir, options.file ?? HTML_REPORT_FILE);
      const files = runDirFiles(runDir, results);
      // Links in the page are relative to the report, which need not sit in the run directory.
      const fromReport = (path: string) => {
        const rel = relative(dirname(file), join(runDir, path));
        return (isAbsolute(rel) ? rel : rel.split(sep).join('/')) || path;
      };
      const page = await renderHtmlReport({
        summary,
        results,
        transcripts: files.transcript,
        artifacts: async (id) => (await files.artifacts(id)).map(fromReport),
        leftOut: files.leftOut,
      });
      // A resumed run's directory may be someone else's: a link or a FIFO at the report's place is replaced, not written
      // through.
      await writeHarnessFileAtomically(dirname(file), file, page);
      writtenTo = file;
    },
  };
}

/** The HTML reporter plugin: `--reporter html` writes `<run dir>/report.html` when the run ends. */
const htmlReporter = defineReporter<HtmlReporterOptions>({
  contract: 'reporter-v1',
  id: 'html',
  description:
    'A self-contained HTML report of the run (report.html in the run directory): summary, charts, cases and transcripts.',
  parseSettings: (raw) => parsePluginSettings('html', HtmlReporterOptionsSchema, raw),
  create: createHtmlReporter,
});

export default htmlReporter;
