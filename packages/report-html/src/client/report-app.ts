/**
 * The report's browser code, bundled by esbuild at build time (`scripts/bundle-client.mjs`) into one script the
 * renderer inlines. It only ever writes untrusted text through `textContent` and attribute setters, never as markup.
 */
import { REPORT_DATA_ID, type ReportData } from '../report-data.js';
import { applyFilters, watchFilters } from './case-filters.js';
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
  // A failure's link (at the top) opens its row, shown whatever the filters hide; so does a page opened at `#row-N`.
  const openRow = (index: number) => {
    const row = byIndex.get(index);
    if (!row) return;
    if (row.tr.hidden && form) {
      form.reset();
      applyFilters(null, rows);
    }
    toggleRow(row, columns, true);
    row.tr.scrollIntoView({ block: 'start' });
  };
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a.failure-link') : null;
    if (link) openRow(Number(link.dataset.i));
  });
  const opened = /^#row-(\d+)$/.exec(location.hash);
  if (opened) openRow(Number(opened[1]));
  document.documentElement.classList.add('js');
}

start();
