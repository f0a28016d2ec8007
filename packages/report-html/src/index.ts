export {
  createHtmlReporter,
  default,
  default as htmlReporter,
  type HtmlReporter,
  type HtmlReporterOptions,
  HtmlReporterOptionsSchema,
} from './html-reporter.js';
export { type RunDirContents, readRunDir } from './read-run-dir.js';
export { type HtmlReportInput, renderHtmlReport } from './render-html-report.js';
export {
  type OptimizationCandidate,
  type OptimizationReport,
  type QueryOutcome,
  renderOptimizationReport,
  type SetScore,
} from './render-optimization-report.js';
export { HTML_REPORT_FILE, type WriteHtmlReportOptions, writeHtmlReport } from './write-html-report.js';
