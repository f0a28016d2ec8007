import type { CaseResult } from '@skill-eval/core';
import { failureReason } from '../failure-reason.js';
import { html, type SafeHtml } from '../html.js';
import { statusBadge } from './status-badge.js';

/** Failures listed before the reader scrolls; a larger run's rest are one filter away in the table. */
const SHOWN = 50;

/**
 * What failed and why, first on the page: each failed or errored execution with its reason, linked to its row in
 * the table (the link opens the row). Nothing when every execution passed.
 */
export function failuresSection(results: readonly CaseResult[]): SafeHtml {
  const failures = results.flatMap((result, index) =>
    result.status === 'failed' || result.status === 'error' ? [{ result, index }] : [],
  );
  if (failures.length === 0) return html``;
  const items = failures
    .slice(0, SHOWN)
    .map(
      ({ result, index }) =>
        html`<li>${statusBadge(result.status)} <a href="#row-${index}" class="failure-link" data-i="${index}">${result.caseName}</a> <span class="muted">${result.engine} · ${result.variant} · run ${String(result.run)}</span><div class="failure-reason">${failureReason(result) ?? ''}</div></li>`,
    );
  const more =
    failures.length > SHOWN
      ? html`<p class="muted">${String(failures.length - SHOWN)} more: filter the table by status.</p>`
      : '';
  return html`<section aria-labelledby="failures-h" class="failures"><h2 id="failures-h">Failures (${String(failures.length)})</h2>
<ol class="failure-list">${items}</ol>${more}
</section>`;
}
