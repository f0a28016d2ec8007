import type { CaseResult } from '@skill-eval/core';
import { describeRemark, feedbackByCase } from '@skill-eval/report';
import { html, type SafeHtml } from '../html.js';

/**
 * The judge's remarks on the criteria themselves, per case: criteria that would also pass a wrong result, that the
 * agent's work cannot show, that repeat another, and outcomes none checks. They never changed a verdict.
 */
export function feedbackSection(results: readonly CaseResult[]): SafeHtml {
  const cases = feedbackByCase(results);
  if (cases.length === 0) return html``;
  const items = cases.map(
    (entry) => html`<li><strong>${entry.suiteId} › ${entry.caseName}</strong>
<ul class="feedback">${entry.remarks.map((remark) => html`<li>${describeRemark(remark)}</li>`)}</ul>${entry.overall.map((o) => html`<p class="muted">${o}</p>`)}</li>`,
  );
  return html`<section aria-labelledby="feedback-h"><h2 id="feedback-h">Judge feedback on the criteria</h2>
<p class="muted">What the judge said about the criteria themselves — weak, unverifiable, redundant, or an outcome none checks. It did not change any verdict.</p>
<ul class="feedback-cases">${items}</ul></section>`;
}
