import {
  type CaseResult,
  defineReporter,
  type PlannedExecution,
  type Reporter,
  type RunSummary,
  type SessionEvent,
} from '@skill-eval/core';
import { type ConsoleReporterOptions, parseConsoleOptions, resolveConsoleOptions } from './console-options.js';
import { formatEventLine } from './event-line.js';
import { LiveDisplay } from './live-display.js';
import { renderProgressFrame } from './progress-frame.js';
import { renderProgressLine } from './progress-line.js';
import { formatResultLine } from './result-line.js';
import { renderResultsTable } from './results-table.js';
import { RunProgress } from './run-progress.js';
import { displayPath, renderRunTotals } from './run-totals.js';
import { SilenceTimer } from './silence-timer.js';
import { terminalSafeReporter } from './terminal-safe-reporter.js';
import { executionWarningLines } from './warning-lines.js';

/** A log hears from a run at least this often, however long its executions take. */
export const PROGRESS_INTERVAL_MS = 10_000;

/**
 * Progress while a run goes, then a table of what did not pass and totals. On a TTY (and not in CI) a frame is
 * redrawn in place; otherwise each finished execution gets one plain line, and a progress line follows whenever
 * nothing was printed for `progressIntervalMs`. With `verbose` the table lists every execution. Text from eval files
 * and agents is shown with its control characters made visible.
 */
export function createConsoleReporter(options: ConsoleReporterOptions = {}): Reporter {
  const { stream, live, colors, cwd } = resolveConsoleOptions(options);
  const verbose = options.verbose === true;
  const progress = new RunProgress();
  let display: LiveDisplay | undefined;
  const silence = live
    ? undefined
    : new SilenceTimer(options.progressIntervalMs ?? PROGRESS_INTERVAL_MS, () =>
        println(renderProgressLine(progress, colors)),
      );
  const println = (text: string) => {
    stream.write(`${text}\n`);
    silence?.touch();
  };
  const show = (text: string) => (display ? display.persist(text) : println(text));

  return terminalSafeReporter({
    async onRunStart(plan: readonly PlannedExecution[], outDir: string) {
      progress.start(plan);
      if (live) {
        display = await LiveDisplay.open(stream, (spinner, width) =>
          renderProgressFrame(progress, colors, spinner, width),
        );
        display.start();
      } else {
        // An empty plan: a shard the split left empty, or a resumed run that has every result already.
        const what = plan.length ? `Running ${plan.length} execution${plan.length === 1 ? '' : 's'}` : 'Nothing to run';
        println(colors.dim(`${what}; results in ${displayPath(outDir, cwd)}`));
      }
    },
    onExecutionStart(execution: PlannedExecution) {
      progress.begin(execution);
      display?.render();
    },
    ...(verbose
      ? {
          onEvent(execution: PlannedExecution, event: SessionEvent) {
            show(formatEventLine(execution, event, colors, progress.repeats));
          },
        }
      : {}),
    onResult(result: CaseResult) {
      progress.finish(result);
      // With -v the execution's warnings follow its line; otherwise the closing lines count them.
      const warnings = verbose ? executionWarningLines(result, colors) : [];
      show([formatResultLine(result, colors, progress.repeats), ...warnings].join('\n'));
    },
    async onRunEnd(summary: RunSummary, results: readonly CaseResult[]) {
      display?.stop();
      silence?.stop();
      const rank = (result: CaseResult) => progress.order.get(result.executionId) ?? Number.MAX_SAFE_INTEGER;
      const ordered = [...results].sort((a, b) => rank(a) - rank(b));
      stream.write('\n');
      // Logs (no terminal) do not wrap, so a wider table is fine there.
      const width = (stream as { columns?: number }).columns || (live ? 80 : 160);
      const table = await closingTable(ordered, verbose, colors, width);
      if (table) stream.write(`${table}\n\n`);
      stream.write(`${renderRunTotals(summary, ordered, colors, cwd, false, options.resumeFlags ?? [])}\n`);
    },
  });
}

/**
 * What did not pass, as a table, and how many passes it leaves out; every execution with `all` (-v). Undefined when
 * there is nothing to list: each execution already has its line above, and the totals count the passes.
 */
async function closingTable(
  results: readonly CaseResult[],
  all: boolean,
  colors: Parameters<typeof renderResultsTable>[1],
  width: number,
): Promise<string | undefined> {
  const listed = all ? results : results.filter((r) => r.status !== 'passed');
  if (listed.length === 0) return undefined;
  const left = results.length - listed.length;
  const note =
    left > 0
      ? colors.dim(`${left} passed execution${left === 1 ? '' : 's'} not in this table (-v lists every one).`)
      : '';
  const table = await renderResultsTable(listed, colors, width);
  return note ? `${table}\n${note}` : table;
}

/** The console reporter plugin: `--reporter console`. */
const consoleReporter = defineReporter<ConsoleReporterOptions>({
  contract: 'reporter-v1',
  id: 'console',
  description: 'Live progress on a terminal (plain lines in CI), then a table of what did not pass and run totals.',
  parseSettings: parseConsoleOptions,
  create: createConsoleReporter,
});

export default consoleReporter;
