import type { RoutingSummary, RunSummary } from '@skill-eval/core';
import { formatPercent, truncate } from '../format.js';
import type { Palette } from './console-options.js';

const NONE = '(none)';
const labelOf = (skill: string | null): string => skill ?? NONE;
const ratio = (r: number | null): string => (r === null ? '—' : formatPercent(r));

/**
 * The routing block: per engine × variant, the confusion matrix (rows: the skill a query should go to; columns: the one
 * the agent consulted first), each skill's precision and recall, and the queries that went elsewhere (not with
 * `totalsOnly`). Empty without routing cases.
 */
export function renderRouting(summary: RunSummary, colors: Palette, totalsOnly = false): string[] {
  const tables = summary.routing ?? [];
  return tables.flatMap((table) => renderOne(table, tables.length > 1, colors, totalsOnly));
}

function renderOne(table: RoutingSummary, named: boolean, colors: Palette, totalsOnly: boolean): string[] {
  const where = named ? ` [${table.engine} ${table.variant}]` : '';
  const unrouted = table.unrouted ? colors.dim(` · ${table.unrouted} not routed (errored)`) : '';
  const head = `Routing${where}: ${table.correct}/${table.executions} runs to the right skill (${formatPercent(table.accuracy)})${unrouted}`;
  const lines = [colors.bold(head)];
  const names = table.labels.map((l) => truncate(labelOf(l), 24));
  const rowWidth = Math.max(...names.map((n) => n.length), 'expected ↓ / chose →'.length);
  const widths = names.map((n) => Math.max(n.length, 3));
  const cells = (values: string[]) => values.map((v, i) => v.padStart(widths[i]!)).join('  ');
  lines.push(colors.dim(`  ${'expected ↓ / chose →'.padEnd(rowWidth)}  ${cells(names)}  precision  recall`));
  table.matrix.forEach((row, i) => {
    const stats = table.skills[i]!;
    const counts = row.map((n, j) => {
      const text = String(n).padStart(widths[j]!);
      return n === 0 ? colors.dim(text) : i === j ? colors.green(text) : colors.red(text);
    });
    lines.push(
      `  ${names[i]!.padEnd(rowWidth)}  ${counts.join('  ')}  ${ratio(stats.precision).padStart(9)}  ${ratio(stats.recall).padStart(6)}`,
    );
  });
  if (totalsOnly || table.misrouted.length === 0) return lines;
  lines.push('  Misrouted:');
  for (const q of table.misrouted) {
    const went = q.wrong.map((w) => `${labelOf(w.skill)} ${w.runs}/${q.runs}`).join(', ');
    lines.push(
      `    ${q.suiteId} › ${truncate(q.caseName, 60)} — expected ${labelOf(q.expected)}, went to ${colors.red(went)}`,
    );
  }
  return lines;
}
