import type { RoutingSummary } from '@skill-eval/core';
import { formatPercent } from '../format.js';
import { boldCount, markdownCell, markdownTable } from './markdown-table.js';

/**
 * Most labels (skills, and "no skill") a table shows as a matrix. Past it the counts fold into three columns per skill
 * (queries to it, runs that went to it, right ones): a matrix 30 columns wide is unreadable in a comment, and grows
 * with the square of the skills. The whole matrix stays in summary.json and the HTML report.
 */
export const MAX_MATRIX_LABELS = 10;
/** How many misrouted queries a table lists before it says how many more there are (as the other lists of a comment). */
export const MAX_MISROUTED_ROWS = 25;

const NONE = '(none)';
const labelOf = (skill: string | null): string => skill ?? NONE;
const ratio = (r: number | null): string => (r === null ? '—' : formatPercent(r));

/**
 * The routing tables of a run as Markdown, for the step summary and the pull-request comment: per engine × variant,
 * the confusion matrix (rows: the skill a query should go to; columns: the one the agent consulted first) with each
 * skill's precision and recall, then the queries that went elsewhere. Rendered from `RunSummary.routing` as it is, so
 * the numbers are those of the console, the HTML report and summary.json. Empty without routing cases.
 */
export function routingMarkdown(tables: readonly RoutingSummary[]): string[] {
  return tables.flatMap((table, i) => [...(i > 0 ? [''] : []), ...routingTable(table, tables.length > 1)]);
}

function routingTable(table: RoutingSummary, named: boolean): string[] {
  // Escaped as a cell is: the names come from summary.json, which a run directory someone else wrote may hold.
  const where = named ? ` (${markdownCell(table.engine)}, ${markdownCell(table.variant)})` : '';
  const folded = table.labels.length > MAX_MATRIX_LABELS;
  const notes = [
    ...(folded ? [`${table.labels.length - 1} skills: the whole matrix is in summary.json and the HTML report.`] : []),
    ...(table.unrouted ? [`${table.unrouted} runs not routed: they errored or were skipped.`] : []),
  ];
  return [
    `### Routing${where}: ${markdownCell(table.correct)}/${markdownCell(table.executions)} runs to the right skill (${formatPercent(table.accuracy)})`,
    '',
    folded ? foldedTable(table) : matrixTable(table),
    ...(notes.length ? ['', notes.join(' ')] : []),
    ...misroutedTable(table),
  ];
}

/** The matrix, its diagonal (runs that went where they should) in bold, and each row's precision and recall. */
function matrixTable(table: RoutingSummary): string {
  const names = table.labels.map(labelOf);
  return markdownTable(
    ['Expected ↓ / chose →', ...names, 'Precision', 'Recall'],
    table.matrix.map((row, i) => [
      names[i]!,
      ...row.map((n, j) => (i === j && n > 0 ? boldCount(n) : n)),
      ratio(table.skills[i]!.precision),
      ratio(table.skills[i]!.recall),
    ]),
  );
}

/** One row per skill without the matrix's columns: how many runs should go to it, went to it, and both. */
function foldedTable(table: RoutingSummary): string {
  return markdownTable(
    ['Skill', 'Should go to it', 'Went to it', 'Right', 'Precision', 'Recall'],
    table.skills.map((s) => [labelOf(s.skill), s.expected, s.chosen, s.correct, ratio(s.precision), ratio(s.recall)]),
  );
}

function misroutedTable(table: RoutingSummary): string[] {
  if (table.misrouted.length === 0) return [];
  const shown = table.misrouted.slice(0, MAX_MISROUTED_ROWS);
  const more = table.misrouted.length - shown.length;
  return [
    '',
    '**Misrouted queries**',
    '',
    markdownTable(
      ['Query', 'Suite', 'Expected', 'Went to'],
      shown.map((q) => [
        q.caseName,
        q.suiteId,
        labelOf(q.expected),
        q.wrong.map((w) => `${labelOf(w.skill)} ${w.runs}/${q.runs}`).join(', '),
      ]),
    ),
    ...(more > 0 ? ['', `…and ${more} more.`] : []),
  ];
}
