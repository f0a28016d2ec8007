import type { CaseResult, PlannedExecution, ResultStatus } from '@skill-eval/core';
import { formatDuration, truncate } from '../format.js';
import type { Palette } from './console-options.js';
import { describeFailure, failureReason } from './failure-reason.js';

const BADGES: Record<ResultStatus, { text: string; color: keyof Palette }> = {
  passed: { text: '✓ PASS', color: 'green' },
  failed: { text: '✗ FAIL', color: 'red' },
  error: { text: '! ERROR', color: 'yellow' },
  skipped: { text: '- SKIP', color: 'dim' },
};

/** `✓ PASS`, `✗ FAIL`, `! ERROR`, `- SKIP`. */
export const statusText = (status: ResultStatus): string => BADGES[status].text;

/** The status text, coloured by status. */
export function statusBadge(status: ResultStatus, colors: Palette): string {
  const badge = BADGES[status];
  return (colors[badge.color] as (text: string) => string)(badge.text);
}

/** `suite › case [engine]`, plus the variant when it is not the default and the run number when there are repeats. */
export function executionLabel(
  execution: Pick<PlannedExecution, 'suiteId' | 'caseName' | 'engine' | 'variant' | 'run'>,
  showRun: boolean,
): string {
  const tags = [execution.engine];
  if (execution.variant !== 'with_skill') tags.push(execution.variant);
  if (showRun || execution.run > 1) tags.push(`#${execution.run}`);
  return `${execution.suiteId} › ${execution.caseName} [${tags.join(', ')}]`;
}

/** One finished execution on one line, e.g. `✗ FAIL suite › case [engine] 1.2s — check: reason`. */
export function formatResultLine(result: CaseResult, colors: Palette, showRun = false): string {
  const parts = [
    statusBadge(result.status, colors),
    executionLabel(result, showRun),
    colors.dim(formatDuration(result.durationMs)),
  ];
  if (result.cached) parts.push(colors.dim('(cached)'));
  // A pass on a later attempt is a flaky pass, not a clean one: say so where the result is read.
  if (result.attempts) parts.push(colors.yellow(`(after ${result.attempts} attempts)`));
  const failure = failureReason(result);
  if (failure && result.error) parts.push(`(${truncate(describeFailure(failure), 160)})`);
  else if (failure && result.status !== 'skipped')
    parts.push(colors.dim(`— ${truncate(describeFailure(failure), 160)}`));
  return parts.join(' ');
}
