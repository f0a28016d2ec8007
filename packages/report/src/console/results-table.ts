import type { CaseResult, Usage } from '@skill-eval/core';
import { formatCost, formatDuration, formatTokens, truncate, truncateStart } from '../format.js';
import { loadTable } from '../load-table.js';
import type { Palette } from './console-options.js';
import { describeFailure, failureReason } from './failure-reason.js';
import { fitColumns } from './fit-columns.js';
import { executionLabel, statusBadge, statusText } from './result-line.js';
import { distinctSuiteLabels } from './suite-labels.js';

interface Column {
  title: string;
  cell(result: CaseResult): string;
  /** Cut to fit the terminal; `start` keeps the end of the text (paths). */
  shrink?: 'start' | 'end';
}

const COLUMNS: Column[] = [
  { title: 'Status', cell: (r) => statusText(r.status) },
  { title: 'Suite', cell: (r) => r.suiteId, shrink: 'start' },
  { title: 'Case', cell: (r) => truncate(r.caseName, 48), shrink: 'end' },
  { title: 'Engine', cell: (r) => r.engine },
  { title: 'Variant/run', cell: (r) => `${r.variant} #${r.run}` },
  { title: 'Score', cell: (r) => (r.status === 'error' || r.status === 'skipped' ? '—' : r.score.toFixed(2)) },
  { title: 'Tokens in/out', cell: (r) => tokens(r.session?.usage) },
  { title: 'Cost', cell: (r) => formatCost(r.session?.costUsd) },
  { title: 'Time', cell: (r) => formatDuration(r.durationMs) },
  { title: 'Reason', cell: (r) => reason(r, 80), shrink: 'end' },
];
// Each column gives up width in turn, to a comfortable size first and to a bare minimum after.
const SHRINK_STEPS = [
  { title: 'Reason', min: 40 },
  { title: 'Case', min: 24 },
  { title: 'Suite', min: 16 },
  { title: 'Reason', min: 20 },
  { title: 'Case', min: 16 },
  { title: 'Suite', min: 12 },
];
// No frame: columns two spaces apart, one rule under the head.
const CHARS = {
  ...Object.fromEntries(
    ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right']
      .concat(['left', 'left-mid', 'right', 'right-mid'])
      .map((name) => [name, '']),
  ),
  mid: '─',
  'mid-mid': '  ',
  middle: '  ',
};

/** Everything the model read, cached or not: what "tokens in" means in every console total. */
export const tokensIn = (usage: Usage): number => usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;

/**
 * The per-execution table printed at the end of a run, in the order given, cut to fit `width` columns.
 * One suite is named above the table instead of in a column; when even cut columns do not fit, the
 * reasons move out of the table into lines below it.
 */
export async function renderResultsTable(
  results: readonly CaseResult[],
  colors: Palette,
  width: number,
): Promise<string> {
  const Table = await loadTable();
  const suites = new Set(results.map((result) => result.suiteId));
  let columns = COLUMNS.filter((column) => column.title !== 'Suite' || suites.size > 1);
  let widths = fitWidths(columns, results, width);
  const reasonsBelow = widths.reduce((sum, w) => sum + w + 2, -2) > width;
  if (reasonsBelow) {
    columns = columns.filter((column) => column.title !== 'Reason');
    widths = fitWidths(columns, results, width);
  }
  const table = new Table({
    head: columns.map((column) => colors.bold(column.title)),
    // cli-table3 colours heads and borders itself unless told not to; colour is ours to decide.
    style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 0 },
    chars: CHARS,
  });
  // Suite ids cut to fit would keep only their tails, which suites often share (…/evals/evals.json): cut what they share.
  const suiteAt = columns.findIndex((column) => column.title === 'Suite');
  const suiteLabels =
    suiteAt >= 0 && [...suites].some((id) => id.length > widths[suiteAt]!)
      ? distinctSuiteLabels([...suites])
      : undefined;
  for (const result of results) {
    table.push(
      columns.map((column, i) => {
        if (column.title === 'Status') return statusBadge(result.status, colors);
        if (i === suiteAt && suiteLabels) return truncate(suiteLabels.get(result.suiteId)!, widths[i]!);
        const text = column.cell(result);
        if (!column.shrink) return text;
        return column.shrink === 'start' ? truncateStart(text, widths[i]!) : truncate(text, widths[i]!);
      }),
    );
  }
  const lines = table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
  if (suites.size === 1) lines.unshift(`${colors.bold('Suite')} ${[...suites][0]}`);
  if (reasonsBelow) {
    // Every run of a repeated case is numbered, #1 too, as in the progress lines.
    const repeats = results.some((result) => result.run > 1);
    for (const result of results.filter((r) => failureReason(r))) {
      lines.push(`${statusBadge(result.status, colors)} ${executionLabel(result, repeats)}`);
      lines.push(`    ${colors.dim(reason(result, Math.min(160, Math.max(20, width - 4))))}`);
    }
  }
  return lines.join('\n');
}

function fitWidths(columns: readonly Column[], results: readonly CaseResult[], width: number): number[] {
  const natural = columns.map((column) => Math.max(column.title.length, ...results.map((r) => column.cell(r).length)));
  const steps = SHRINK_STEPS.flatMap(({ title, min }) => {
    const index = columns.findIndex((column) => column.title === title);
    return index < 0 ? [] : [{ index, min }];
  });
  return fitColumns(natural, steps, width);
}

const tokens = (usage: Usage | undefined): string =>
  usage ? `${formatTokens(tokensIn(usage))}/${formatTokens(usage.outputTokens)}` : '—';

function reason(result: CaseResult, max: number): string {
  const failure = failureReason(result);
  return failure ? truncate(describeFailure(failure), max) : '';
}
