export {
  type ConsoleReporterOptions,
  ConsoleReporterOptionsSchema,
} from './console/console-options.js';
export { createConsoleReporter, default, default as consoleReporter } from './console/console-reporter.js';
export { type FailureReason, failureReason } from './console/failure-reason.js';
export { formatCost, formatDuration, formatPercent, formatTokens, truncate, truncateStart } from './format.js';
