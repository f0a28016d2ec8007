import { type Reporter, terminalSafe } from '@skill-eval/core';
import { type ConsoleReporterOptions, resolveConsoleOptions } from './console-options.js';
import { renderRunTotals } from './run-totals.js';

/**
 * `run --quiet`: nothing while the run goes, then only the closing totals (no line per case or per warning). Of the
 * results it prints counts alone, never a string, so only the summary is made terminal-safe (see terminalSafeReporter):
 * a copy of every result would cost a cached run of many cases more than reading them from the cache.
 */
export function createQuietConsoleReporter(options: ConsoleReporterOptions = {}): Reporter {
  const { stream, colors, cwd } = resolveConsoleOptions(options);
  return {
    onRunEnd(summary, results) {
      const totals = renderRunTotals(terminalSafe(summary), results, colors, cwd, true, options.resumeFlags ?? []);
      stream.write(`${totals}\n`);
    },
  };
}
