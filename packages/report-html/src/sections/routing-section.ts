import type { RoutingSummary, RunSummary } from '@skill-eval/core';
import { formatPercent } from '../format.js';
import { html, type SafeHtml } from '../html.js';

const labelOf = (skill: string | null): string => skill ?? '(none)';
const ratio = (r: number | null): string => (r === null ? '—' : formatPercent(r));

/**
 * Routing cases, per engine × variant: the confusion matrix (rows: the skill a query should go to; columns: the one the
 * agent consulted first; the diagonal is right), each skill's precision and recall, and the queries that went elsewhere.
 */
export function routingSection(summary: RunSummary): SafeHtml {
  const tables = summary.routing ?? [];
  if (tables.length === 0) return html``;
  return html`<section aria-labelledby="routing-h"><h2 id="routing-h">Routing</h2>
${tables.map((t) => routingTable(t, tables.length > 1))}</section>`;
}

function routingTable(t: RoutingSummary, named: boolean): SafeHtml {
  const caption = `${named ? `${t.engine} ${t.variant}: ` : ''}${t.correct} of ${t.executions} runs went to the right skill (${formatPercent(t.accuracy)})${t.unrouted ? `; ${t.unrouted} errored and are left out` : ''}`;
  const head = t.labels.map((l) => html`<th scope="col" class="num">${labelOf(l)}</th>`);
  const rows = t.matrix.map((row, i) => {
    const stats = t.skills[i]!;
    const cells = row.map((n, j) => {
      const tone = n === 0 ? 'num' : i === j ? 'num route-right' : 'num route-wrong';
      return html`<td class="${tone}">${n}</td>`;
    });
    return html`<tr><th scope="row">${labelOf(t.labels[i]!)}</th>${cells}<td class="num">${ratio(stats.precision)}</td><td class="num">${ratio(stats.recall)}</td></tr>`;
  });
  const wrong = t.misrouted.map(
    (q) =>
      html`<tr><th scope="row">${q.caseName}</th><td>${q.suiteId}</td><td>${labelOf(q.expected)}</td><td>${q.wrong.map((w) => `${labelOf(w.skill)} (${w.runs} of ${q.runs})`).join(', ')}</td></tr>`,
  );
  const misrouted = t.misrouted.length
    ? html`<h3>Misrouted queries</h3><div class="table-wrap"><table class="grid-table"><thead><tr><th scope="col">Query</th><th scope="col">Suite</th><th scope="col">Expected</th><th scope="col">Went to</th></tr></thead><tbody>${wrong}</tbody></table></div>`
    : html``;
  return html`<div class="table-wrap"><table class="grid-table routing-matrix"><caption>${caption}</caption>
<thead><tr><th scope="col">expected ↓ / chose →</th>${head}<th scope="col" class="num">Precision</th><th scope="col" class="num">Recall</th></tr></thead>
<tbody>${rows}</tbody></table></div>${misrouted}`;
}
