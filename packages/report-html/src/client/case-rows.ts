import type { ReportResult } from '../report-data.js';
import { detailRow } from './detail-row.js';

/** A case's row in the table, the text the search box matches against, and its detail row once opened. */
export interface CaseRow {
  tr: HTMLTableRowElement;
  index: number;
  result: ReportResult;
  haystack: string;
  detail?: HTMLTableRowElement;
}

/** What the search box matches: names, ids, engine, variant, model, status, tags, error, failing checks, reason. */
function haystackOf(result: ReportResult, tr: HTMLTableRowElement): string {
  const failing = result.checks.filter((c) => !c.passed).map((c) => c.name);
  return [
    result.caseName,
    result.caseId,
    result.suiteId,
    result.engine,
    result.variant,
    result.model,
    result.status,
    ...(result.tags ?? []),
    result.error?.message,
    ...failing,
    tr.querySelector('.reason')?.textContent,
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/** The table's case rows, each paired with its execution by its `data-i` index. */
export function caseRows(table: HTMLTableElement, results: readonly ReportResult[]): CaseRow[] {
  const rows: CaseRow[] = [];
  for (const tr of Array.from(table.tBodies[0]?.rows ?? [])) {
    const index = Number(tr.dataset.i);
    const result = results[index];
    if (result) rows.push({ tr, index, result, haystack: haystackOf(result, tr) });
  }
  return rows;
}

/** Opens or closes a row (toggles without `open`); its detail row is built on first opening. */
export function toggleRow(row: CaseRow, columns: number, open?: boolean): void {
  const button = row.tr.querySelector('button.toggle');
  const isOpen = button?.getAttribute('aria-expanded') === 'true';
  const next = open ?? !isOpen;
  if (next === isOpen) return;
  if (next && !row.detail) {
    row.detail = detailRow(row.result, row.index, columns);
    row.tr.after(row.detail);
  }
  if (row.detail) row.detail.hidden = !next;
  button?.setAttribute('aria-expanded', String(next));
  row.tr.classList.toggle('open', next);
}
