import path from 'node:path';
import type { CaseResult, RunSummary } from '@skill-eval/core';
import { quote } from 'shlex';
import { formatCost, formatDuration, formatPercent, formatTokens } from '../format.js';
import { renderBenchmark } from './benchmark-lines.js';
import { renderCaseOutcomes } from './case-outcome-lines.js';
import type { Palette } from './console-options.js';
import { renderJudgeFeedback } from './judge-feedback-lines.js';
import { tokensIn } from './results-table.js';
import { renderRouting } from './routing-lines.js';
import { renderWarnings } from './warning-lines.js';

/**
 * The closing lines: counts, per engine × variant pass rates, tokens, cost, wall time, the judge's tokens and cost, the warnings executions
 * had and where the results are. `totalsOnly` (--quiet) leaves out the lines per case of repeated cases and of a
 * benchmark, and lists no warning, only how many executions had one. `resumeFlags` follow the resume hint.
 */
export function renderRunTotals(
  summary: RunSummary,
  results: readonly CaseResult[],
  colors: Palette,
  cwd: string,
  totalsOnly = false,
  resumeFlags: readonly string[] = [],
): string {
  const { totals } = summary;
  const lines = [
    [
      colors.bold(`${totals.executions} execution${totals.executions === 1 ? '' : 's'}`),
      colors.green(`${totals.passed} passed`),
      colors.red(`${totals.failed} failed`),
      colors.yellow(`${totals.errors} errors`),
      colors.dim(`${totals.skipped} skipped`),
    ].join(' · '),
  ];
  lines.push(...renderCaseOutcomes(summary, colors, totalsOnly));
  lines.push(...renderBenchmark(summary, colors, totalsOnly));
  lines.push(...renderRouting(summary, colors, totalsOnly));
  if (summary.groups.length > 1) {
    for (const group of summary.groups) {
      lines.push(
        `  ${group.engine} ${group.variant}: ${group.passed}/${group.executions} passed (${formatPercent(group.passRate)}) · ${formatCost(group.costUsd)} · ${formatDuration(group.durationMs)}`,
      );
    }
  }
  const cache = totals.usage.cacheReadTokens > 0 ? ` (${formatTokens(totals.usage.cacheReadTokens)} cache read)` : '';
  lines.push(
    `Tokens ${formatTokens(tokensIn(totals.usage))} in${cache} / ${formatTokens(totals.usage.outputTokens)} out · ` +
      `Cost ${formatCost(totals.costUsd)} · Time ${formatDuration(summary.durationMs)}`,
  );
  if (totals.judge) {
    const { usage, costUsd } = totals.judge;
    lines.push(
      `Judge: tokens ${formatTokens(tokensIn(usage))} in / ${formatTokens(usage.outputTokens)} out · Cost ${formatCost(costUsd)} (not in the totals above)`,
    );
  }
  if (summary.interrupted) {
    // The flags the run needed to start (--trust), which its resumption needs again.
    const resume = ['skill-eval run --resume', quote(displayPath(summary.outDir, cwd)), ...resumeFlags].join(' ');
    lines.push(colors.yellow(`The run was interrupted before every execution finished; \`${resume}\` continues it.`));
  }
  lines.push(...renderWarnings(results, colors, totalsOnly));
  lines.push(...renderJudgeFeedback(results, colors, totalsOnly));
  if (summary.tampered?.length) {
    lines.push(
      colors.red(
        `Something other than skill-eval (an agent?) changed the run directory while the run ran; skill-eval undid it: ${summary.tampered.join(', ')}.`,
      ),
    );
  }
  lines.push(`Results: ${colors.cyan(displayPath(summary.outDir, cwd))}`);
  return lines.join('\n');
}

/** Relative to `cwd` when the path lies below it, absolute otherwise. */
export function displayPath(target: string, cwd: string): string {
  const relative = path.relative(cwd, path.resolve(cwd, target));
  if (relative === '') return '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(cwd, target) : relative;
}
