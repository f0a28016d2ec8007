import type { CaseOutcome, RunSummary } from '@skill-eval/core';
import { meter } from '../charts/meter.js';
import { formatPercent } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { statusBadge } from './status-badge.js';

/** What the case expects: to fire, not to fire, or (a routing case) to go to one skill, or to none. */
function expectation(t: NonNullable<CaseOutcome['trigger']>): string {
  if (t.route === undefined) return t.shouldTrigger ? 'should fire' : 'should not fire';
  return t.route === null ? 'should go to no skill' : `should go to ${t.route}`;
}

/** Trigger cases: how often the skill fired against the rate it had to reach (or stay under). */
export function triggersSection(summary: RunSummary): SafeHtml {
  const cases = summary.cases.filter((c) => c.trigger);
  if (cases.length === 0) return html``;
  const rows = cases.map((c) => {
    const t = c.trigger!;
    const rule = t.shouldTrigger ? `≥ ${formatPercent(t.threshold)}` : `< ${formatPercent(t.threshold)}`;
    const tone = c.status === 'passed' ? 'good' : 'bad';
    return html`<tr><th scope="row">${c.caseName}</th><td>${c.engine}</td><td>${c.variant}</td><td>${expectation(t)}</td>
<td class="num">${meter(t.rate, { label: `fired in ${formatPercent(t.rate)} of runs; needs ${rule}`, marker: t.threshold, tone })} ${formatPercent(t.rate)}</td>
<td class="num">${t.triggers} / ${c.runs}</td><td>${rule}</td><td>${statusBadge(c.status)}</td></tr>`;
  });
  return html`<section aria-labelledby="triggers-h"><h2 id="triggers-h">Trigger rates</h2>
<div class="table-wrap"><table class="grid-table"><thead><tr><th scope="col">Case</th><th scope="col">Engine</th><th scope="col">Variant</th><th scope="col">Expected</th><th scope="col" class="num">Rate</th><th scope="col" class="num">Fired</th><th scope="col">Needs</th><th scope="col">Verdict</th></tr></thead>
<tbody>${rows}</tbody></table></div></section>`;
}
