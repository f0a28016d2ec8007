// The HTML report's public surface: the reporter (plugin and factory), writing a run directory's report, and the
// optimize-description report the CLI renders. Reading run directories and rendering from data stay private.
export {
  createHtmlReporter,
  default,
  default as htmlReporter,
  type HtmlReporter,
  type HtmlReporterOptions,
} from './html-reporter.js';
export {
  type OptimizationCandidate,
  type OptimizationReport,
  type QueryOutcome,
  renderOptimizationReport,
  type SetScore,
} from './render-optimization-report.js';
export { type WriteHtmlReportOptions, writeHtmlReport } from './write-html-report.js';
