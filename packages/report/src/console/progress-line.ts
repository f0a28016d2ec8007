import { formatDuration, truncate } from '../format.js';
import type { Palette } from './console-options.js';
import { executionLabel } from './result-line.js';
import type { RunProgress } from './run-progress.js';

/** How many running executions a progress line names before counting the rest. */
const RUNNING_NAMED = 3;

/**
 * The line a log gets when nothing else was printed for a while: what finished, what runs and for how long, and the
 * run's time so far — `… 3/10 done (2 passed, 1 failed) · running: pdf › fills the form [claude-code] 42s · 1m05s`.
 */
export function renderProgressLine(progress: RunProgress, colors: Palette): string {
  const { counts } = progress;
  const finished = [
    `${counts.passed} passed`,
    ...(counts.failed ? [`${counts.failed} failed`] : []),
    ...(counts.error ? [`${counts.error} errors`] : []),
    ...(counts.skipped ? [`${counts.skipped} skipped`] : []),
  ].join(', ');
  const running = [...progress.running.values()].sort((a, b) => a.startedAt - b.startedAt);
  const named = running
    .slice(0, RUNNING_NAMED)
    .map(
      ({ execution, startedAt }) =>
        `${truncate(executionLabel(execution, progress.repeats), 80)} ${formatDuration(progress.elapsedMs(startedAt))}`,
    );
  if (running.length > RUNNING_NAMED) named.push(`${running.length - RUNNING_NAMED} more`);
  return colors.dim(
    [
      `… ${progress.done}/${progress.total} done (${finished})`,
      running.length ? `running: ${named.join(', ')}` : 'nothing running',
      formatDuration(progress.elapsedMs()),
    ].join(' · '),
  );
}
