import { join } from 'node:path';
import type { RunSummary } from '@skill-eval/core';
import { writeHarnessFileAtomically } from '@skill-eval/engine-kit/agent-files';
import { readRunDir } from './read-run-dir.js';
import { renderHtmlReport } from './render-html-report.js';

/** File name of the report inside a run directory. */
export const HTML_REPORT_FILE = 'report.html';

/** How `writeHtmlReport` reads and writes. */
export interface WriteHtmlReportOptions {
  /** Use this summary instead of the run's summary.json (say, one rebuilt from results.jsonl). */
  summary?: RunSummary;
}

/**
 * Reads a run directory (results.jsonl, summary.json, transcripts/, artifacts/), writes `report.html` into it
 * and returns the report's path.
 */
export async function writeHtmlReport(runDir: string, options: WriteHtmlReportOptions = {}): Promise<string> {
  const run = await readRunDir(runDir, options);
  const file = join(runDir, HTML_REPORT_FILE);
  const page = await renderHtmlReport({
    summary: run.summary,
    results: run.results,
    transcripts: run.transcript,
    artifacts: run.artifacts,
    leftOut: run.leftOut,
  });
  // The run directory may be someone else's: a report.html there that is a link or a FIFO is replaced, not written through.
  await writeHarnessFileAtomically(runDir, file, page);
  return file;
}
