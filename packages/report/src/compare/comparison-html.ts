import { htmlEscape } from 'escape-goat';
import { formatCost, formatPercent, formatTokens } from '../format.js';
import type { RunComparison } from './compare-runs.js';
import { costDelta, KIND_LABEL, passRateDelta, sideText, tokensDelta } from './delta-format.js';

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#1f2328}
table{border-collapse:collapse;width:100%}th,td{padding:.35rem .6rem;border-bottom:1px solid #d0d7de;text-align:left}
th{background:#f6f8fa}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.newly-failing td:first-child{color:#cf222e;font-weight:600}tr.newly-passing td:first-child{color:#1a7f37;font-weight:600}
.runs{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin-bottom:1.5rem}`;

/** The comparison as one self-contained HTML page (no script, no network). */
export function comparisonHtml(c: RunComparison): string {
  const run = (label: string, t: RunComparison['before']) =>
    `<div><b>${label}</b></div><div>${htmlEscape(t.runDir)} — ${t.executions} executions, ${formatPercent(t.passRate)} passed, ${htmlEscape(formatTokens(t.tokens))} tokens, ${htmlEscape(formatCost(t.costUsd))}</div>`;
  const rows = c.changes
    .map(
      (ch) =>
        `<tr class="${ch.kind}"><td>${KIND_LABEL[ch.kind]}</td><td>${htmlEscape(ch.suiteId)}</td><td>${htmlEscape(ch.caseName)}</td><td>${htmlEscape(ch.engine)}</td><td>${htmlEscape(ch.variant)}</td><td>${htmlEscape(sideText(ch.before))}</td><td>${htmlEscape(sideText(ch.after))}</td><td class="num">${htmlEscape(passRateDelta(ch.delta.passRate))}</td><td class="num">${htmlEscape(tokensDelta(ch.delta.tokens))}</td><td class="num">${htmlEscape(costDelta(ch.delta.costUsd))}</td></tr>`,
    )
    .join('\n');
  const table = c.changes.length
    ? `<table><thead><tr><th>Change</th><th>Suite</th><th>Case</th><th>Engine</th><th>Variant</th><th>A</th><th>B</th><th>Pass rate</th><th>Tokens</th><th>Cost</th></tr></thead><tbody>\n${rows}\n</tbody></table>`
    : '<p>No case changed.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>skill-eval compare</title><style>${STYLE}</style></head>
<body><h1>What changed</h1>
<div class="runs">${run('A', c.before)}${run('B', c.after)}<div><b>Δ</b></div><div>pass rate ${passRateDelta(c.after.passRate - c.before.passRate)}, tokens ${htmlEscape(tokensDelta(c.after.tokens - c.before.tokens))}, cost ${htmlEscape(costDelta(c.after.costUsd - c.before.costUsd))}; ${c.changes.length} changed, ${c.unchanged} the same</div></div>
${table}
</body></html>
`;
}
