/** The report's stylesheet: system fonts only (nothing to fetch), light and dark from the reader's setting. */
export const STYLES = `
:root {
  color-scheme: light dark;
  --bg: #f7f8fa; --panel: #ffffff; --text: #1b1f24; --muted: #5b6570; --border: #d9dee4; --soft: #eef1f4;
  --accent: #3465d4; --good: #1a7f45; --bad: #c62f2f; --warn: #a35d00; --series-b: #9aa5b1;
  --good-bg: #e3f4ea; --bad-bg: #fbe6e6; --warn-bg: #fbefd9; --muted-bg: #e9edf1;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1216; --panel: #171b21; --text: #e4e8ec; --muted: #9aa4ae; --border: #2c333b; --soft: #1e242b;
    --accent: #6d9bff; --good: #4cc47f; --bad: #ff6b6b; --warn: #f0a94b; --series-b: #5c6670;
    --good-bg: #16331f; --bad-bg: #3d1b1b; --warn-bg: #3a2a12; --muted-bg: #262d35;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1400px; margin: 0 auto; padding: 24px 24px 64px; }
header.page { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px 24px; margin-bottom: 8px; }
h1 { font-size: 22px; margin: 0; }
h2 { font-size: 17px; margin: 32px 0 12px; }
h3 { font-size: 13px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
code, pre { font-family: var(--mono); font-size: 12.5px; }
a { color: var(--accent); }
.run-meta { color: var(--muted); display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0; padding: 0; list-style: none; }
nav.toc { display: flex; flex-wrap: wrap; gap: 6px 14px; margin: 12px 0 0; font-size: 13px; }
.lead { color: var(--muted); margin: 0 0 12px; max-width: 80ch; }
.muted { color: var(--muted); }
.nowrap { white-space: nowrap; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 12px; }
.card { background: var(--panel); border: 1px solid var(--border); border-radius: 10px; padding: 12px 14px; }
.card-label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.card-value { font-size: 24px; font-weight: 650; font-variant-numeric: tabular-nums; }
.card.good .card-value { color: var(--good); } .card.bad .card-value { color: var(--bad); }
.card-detail { color: var(--muted); font-size: 12px; }
.table-wrap { overflow-x: auto; background: var(--panel); border: 1px solid var(--border); border-radius: 10px; margin: 12px 0; }
table.grid-table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
.grid-table caption { text-align: left; padding: 10px 12px 0; font-weight: 600; }
.grid-table th, .grid-table td { padding: 7px 12px; border-bottom: 1px solid var(--border); text-align: left; vertical-align: top; }
.grid-table thead th { font-size: 12px; color: var(--muted); font-weight: 600; background: var(--soft); position: sticky; top: 0; }
.grid-table tbody th { font-weight: 500; }
.grid-table .num { text-align: right; white-space: nowrap; }
.grid-table tbody tr:last-child > * { border-bottom: 0; }
.badge { display: inline-block; padding: 0 7px; border-radius: 999px; font-size: 11.5px; font-weight: 600; line-height: 18px;
  text-transform: uppercase; letter-spacing: .03em; background: var(--muted-bg); color: var(--muted); white-space: nowrap; }
.badge.passed { background: var(--good-bg); color: var(--good); }
.badge.failed { background: var(--bad-bg); color: var(--bad); }
.badge.error { background: var(--warn-bg); color: var(--warn); }
.badge.flaky { background: var(--warn-bg); color: var(--warn); }
.tag { display: inline-block; font-size: 11px; padding: 0 6px; border: 1px solid var(--border); border-radius: 4px; color: var(--muted); }
.delta.good { color: var(--good); } .delta.bad { color: var(--bad); } .delta.muted { color: var(--muted); }
.routing-matrix td.route-right { background: var(--good-bg); color: var(--good); font-weight: 600; }
.routing-matrix td.route-wrong { background: var(--bad-bg); color: var(--bad); font-weight: 600; }
.verdict.good { color: var(--good); } .verdict.bad { color: var(--bad); } .verdict.muted { color: var(--muted); }
svg { vertical-align: middle; overflow: visible; }
svg text { fill: var(--text); font-size: 12px; }
svg text.value { fill: var(--muted); }
svg text.value.good { fill: var(--good); } svg text.value.bad { fill: var(--bad); }
svg .track { fill: var(--muted-bg); }
svg .fill.good, svg .series-a.good { fill: var(--good); } svg .fill.bad { fill: var(--bad); }
svg .fill.accent, svg .series-a { fill: var(--accent); } svg .fill.muted, svg .series-b { fill: var(--series-b); }
svg .marker { stroke: var(--text); stroke-width: 2; }
svg .grid { stroke: var(--border); stroke-dasharray: 2 3; } svg .axis { stroke: var(--muted); }
svg .track-line { stroke: var(--border); } svg .whisker { stroke: var(--accent); stroke-width: 1.5; } svg .dot { fill: var(--accent); }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(560px, 1fr)); gap: 12px; }
figure.chart { margin: 0; background: var(--panel); border: 1px solid var(--border); border-radius: 10px; padding: 12px; overflow-x: auto; }
figure.chart svg { max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: 12px; margin-top: 6px; }
form.filters { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: end; background: var(--panel);
  border: 1px solid var(--border); border-radius: 10px; padding: 10px 12px; }
.filter { display: flex; flex-direction: column; gap: 2px; font-size: 12px; color: var(--muted); }
.filter.search { flex: 1 1 240px; }
select { max-width: 220px; }
input, select, button { font: inherit; color: var(--text); background: var(--bg); border: 1px solid var(--border);
  border-radius: 6px; padding: 5px 8px; }
button { cursor: pointer; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.count { color: var(--muted); margin: 8px 0 0; }
table.cases tbody tr.case-row { cursor: pointer; }
table.cases tbody tr.case-row:hover > *, table.cases tr.case-row.open > * { background: var(--soft); }
table.cases tr.case-row.failed > th { box-shadow: inset 3px 0 var(--bad); }
table.cases tr.case-row.error > th { box-shadow: inset 3px 0 var(--warn); }
.toggle-cell { width: 34px; }
button.toggle { border: 0; background: transparent; padding: 0 4px; color: var(--muted); }
button.toggle span { display: inline-block; transition: transform .12s; }
button.toggle[aria-expanded="true"] span { transform: rotate(90deg); }
html:not(.js) button.toggle { display: none; }
.case-name .name { display: block; } .case-name .sub { display: block; color: var(--muted); font-size: 12px; font-family: var(--mono); }
td.suite { max-width: 220px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--muted); }
td.reason { max-width: 420px; color: var(--muted); font-size: 12.5px; overflow-wrap: anywhere;
  display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
tr.detail-row > td { background: var(--bg); padding: 0; }
.detail { padding: 14px 18px 18px 46px; display: grid; gap: 16px; }
.detail-section { min-width: 0; }
ol.failure-list { margin: 0; padding-left: 22px; display: grid; gap: 6px; }
ol.failure-list .muted { color: var(--muted); font-size: 12.5px; }
.failure-reason { color: var(--muted); font-size: 12.5px; overflow-wrap: anywhere; }
p.verdict { margin: 0; font-variant-numeric: tabular-nums; }
.error-box { background: var(--warn-bg); color: var(--text); border-left: 3px solid var(--warn); padding: 8px 12px; border-radius: 6px; overflow-wrap: anywhere; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; }
dl.meta dt { color: var(--muted); } dl.meta dd { margin: 0; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
pre.block { margin: 4px 0 0; padding: 8px 10px; background: var(--panel); border: 1px solid var(--border); border-radius: 6px;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 320px; overflow: auto; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; }
ol.prompts, ol.transcript, ul.checks { margin: 0; padding: 0; list-style: none; display: grid; gap: 6px; }
ol.prompts > li { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: 8px 10px; }
.event { background: var(--panel); border: 1px solid var(--border); border-left-width: 3px; border-radius: 6px; padding: 6px 10px; }
.event-head { font-size: 12px; color: var(--muted); font-weight: 600; text-transform: uppercase; letter-spacing: .03em; }
.event-head code { text-transform: none; color: var(--text); font-size: 12.5px; }
.event.message.user { border-left-color: var(--accent); }
.event.message.assistant { border-left-color: var(--good); }
.event.message.user.simulated, ol.prompts > li.simulated { border-left: 3px dashed var(--accent); }
.event.tool-call { border-left-color: var(--warn); }
.event.tool-result.is-error, .event.error { border-left-color: var(--bad); }
.event.skill { border-left-color: var(--accent); background: var(--soft); }
.event.reasoning summary { cursor: pointer; color: var(--muted); font-size: 12px; }
.text.final { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: 8px 10px; }
ul.checks ul.checks { margin: 6px 0 0 18px; padding-left: 10px; border-left: 2px solid var(--border); }
.check { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: 6px 10px; }
.check-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; }
.check-name { font-weight: 600; overflow-wrap: anywhere; }
.check-type, .check-score { color: var(--muted); font-size: 12px; font-family: var(--mono); }
blockquote.evidence { margin: 6px 0 0; padding: 4px 10px; border-left: 3px solid var(--border); color: var(--muted);
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 240px; overflow: auto; }
ul.inline-list { margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 4px 16px; }
ul.artifacts { margin: 0; padding-left: 18px; font-family: var(--mono); font-size: 12.5px; }
footer { color: var(--muted); font-size: 12px; margin-top: 40px; }
@media (prefers-reduced-motion: reduce) { button.toggle span { transition: none; } }
@media print { form.filters, button.toggle { display: none; } .table-wrap { overflow: visible; } }
`;
