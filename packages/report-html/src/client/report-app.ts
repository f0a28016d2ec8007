/**
 * The report's browser code, bundled by esbuild at build time (`scripts/bundle-client.mjs`) into one script the
 * renderer inlines. It only ever writes untrusted text through `textContent` and attribute setters, never as markup.
 */
import { REPORT_DATA_ID, type ReportData } from '../report-data.js';
import { watchFilters } from './case-filters.js';
import { caseRows, toggleRow } from './case-rows.js';

function start(): void {
  const dataEl = document.getElementById(REPORT_DATA_ID);
  const table = document.getElementById('cases');
  if (!dataEl || !(table instanceof HTMLTableElement)) return;
  const data: ReportData = JSON.parse(dataEl.textContent || '{"results":[]}');
  const columns = table.tHead?.rows[0]?.cells.length ?? 1;
  const rows = caseRows(table, data.results);
  const byIndex = new Map(rows.map((row) => [row.index, row]));

  table.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    // A click on a link or inside the details keeps the row as it is.
    if (event.target.closest('a, .detail-row')) return;
    const tr = event.target.closest<HTMLTableRowElement>('tr.case-row');
    const row = tr && byIndex.get(Number(tr.dataset.i));
    if (row) toggleRow(row, columns);
  });

  const form = document.querySelector<HTMLFormElement>('form.filters');
  if (form) watchFilters(form, rows);
  document.documentElement.classList.add('js');
}

start();
