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
import { formatResultLine } from './result-line.js';
import { renderResultsTable } from './results-table.js';
import { RunProgress } from './run-progress.js';
import { displayPath, renderRunTotals } from './run-totals.js';
import { terminalSafeReporter } from './terminal-safe-reporter.js';
import { executionWarningLines } from './warning-lines.js';

/**
 * Progress while a run goes, then a per-execution table and totals. On a TTY (and not in CI) a frame is
 * redrawn in place; otherwise each finished execution gets one plain line and nothing moves the cursor. Text from eval
 * files and agents is shown with its control characters made visible.
 */
export function createConsoleReporter(options: ConsoleReporterOptions = {}): Reporter {
  const { stream, live, colors, cwd } = resolveConsoleOptions(options);
  const verbose = options.verbose === true;
  const progress = new RunProgress();
  let display: LiveDisplay | undefined;
  const println = (text: string) => stream.write(`${text}\n`);

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
        const what = plan.length ? `Running ${plan.length} executions` : 'Nothing to run';
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
            const line = formatEventLine(execution, event, colors, progress.repeats);
            if (display) display.persist(line);
            else println(line);
          },
        }
      : {}),
    onResult(result: CaseResult) {
      progress.finish(result);
      // With -v the execution's warnings follow its line; otherwise the closing lines count them.
      const warnings = verbose ? executionWarningLines(result, colors) : [];
      const text = [formatResultLine(result, colors, progress.repeats), ...warnings].join('\n');
      if (display) display.persist(text);
      else println(text);
    },
    async onRunEnd(summary: RunSummary, results: readonly CaseResult[]) {
      display?.stop();
      const rank = (result: CaseResult) => progress.order.get(result.executionId) ?? Number.MAX_SAFE_INTEGER;
      const ordered = [...results].sort((a, b) => rank(a) - rank(b));
      println('');
      // Logs (no terminal) do not wrap, so a wider table is fine there.
      const width = (stream as { columns?: number }).columns || (live ? 80 : 160);
      if (ordered.length > 0) println(`${await renderResultsTable(ordered, colors, width)}\n`);
      println(renderRunTotals(summary, ordered, colors, cwd));
    },
  });
}

/** The console reporter plugin: `--reporter console`. */
const consoleReporter = defineReporter<ConsoleReporterOptions>({
  contract: 'reporter-v1',
  id: 'console',
  description: 'Live progress on a terminal (plain lines in CI), then a per-case table and run totals.',
  parseSettings: parseConsoleOptions,
  create: createConsoleReporter,
});

export default consoleReporter;
