import type { Reporter } from '@skill-eval/core';
import { type ConsoleReporterOptions, resolveConsoleOptions } from './console-options.js';
import { renderRunTotals } from './run-totals.js';
import { terminalSafeReporter } from './terminal-safe-reporter.js';

/** `run --quiet`: nothing while the run goes, then only the closing totals (no line per case or per warning). */
export function createQuietConsoleReporter(options: ConsoleReporterOptions = {}): Reporter {
  const { stream, colors, cwd } = resolveConsoleOptions(options);
  return terminalSafeReporter({
    onRunEnd(summary, results) {
      stream.write(`${renderRunTotals(summary, results, colors, cwd, true)}\n`);
    },
  });
}
