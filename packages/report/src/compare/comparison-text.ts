import { formatCost, formatPercent, formatTokens } from '../format.js';
import { loadTable } from '../load-table.js';
import type { RunComparison } from './compare-runs.js';
import { costDelta, KIND_LABEL, passRateDelta, sideText, tokensDelta } from './delta-format.js';

// No frame: columns two spaces apart.
const CHARS = Object.fromEntries(
  [
    'top',
    'top-mid',
    'top-left',
    'top-right',
    'bottom',
    'bottom-mid',
    'bottom-left',
    'bottom-right',
    'left',
    'left-mid',
    'mid',
    'mid-mid',
    'right',
    'right-mid',
    'middle',
  ].map((k) => [k, k === 'middle' ? '  ' : '']),
);

/** The comparison as a plain-text table, with both runs' totals above it. */
export async function comparisonText(c: RunComparison): Promise<string> {
  const line = (label: string, t: RunComparison['before']) =>
    `${label} ${t.runDir}: ${t.executions} executions, ${formatPercent(t.passRate)} passed, ${formatTokens(t.tokens)} tokens, ${formatCost(t.costUsd)}`;
  const count = (kind: string) => c.changes.filter((ch) => ch.kind === kind).length;
  const head = [
    line('A', c.before),
    line('B', c.after),
    `Δ pass rate ${passRateDelta(c.after.passRate - c.before.passRate)}, tokens ${tokensDelta(c.after.tokens - c.before.tokens)}, cost ${costDelta(c.after.costUsd - c.before.costUsd)}`,
    '',
    c.changes.length === 0
      ? `No case changed (${c.unchanged} the same).`
      : `${c.changes.length} case${c.changes.length === 1 ? '' : 's'} changed: ${count('newly-failing')} newly failing, ${count('newly-passing')} newly passing, ${c.changes.length - count('newly-failing') - count('newly-passing')} other; ${c.unchanged} the same.`,
  ];
  if (c.changes.length === 0) return `${head.join('\n')}\n`;
  const Table = await loadTable();
  const table = new Table({
    head: ['Change', 'Suite', 'Case', 'Engine', 'Variant', 'A', 'B', 'Pass rate', 'Tokens', 'Cost'],
    chars: CHARS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const ch of c.changes) {
    table.push([
      KIND_LABEL[ch.kind],
      ch.suiteId,
      ch.caseName,
      ch.engine,
      ch.variant,
      sideText(ch.before),
      sideText(ch.after),
      passRateDelta(ch.delta.passRate),
      tokensDelta(ch.delta.tokens),
      costDelta(ch.delta.costUsd),
    ]);
  }
  return `${head.join('\n')}\n\n${table.toString()}\n`;
}
