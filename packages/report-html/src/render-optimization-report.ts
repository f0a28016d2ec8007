import { formatCost, formatTokens } from './format.js';
import { html, raw, type SafeHtml } from './html.js';

/** How one trigger query did with one description. */
export interface QueryOutcome {
  query: string;
  shouldTrigger: boolean;
  /** Runs in which the skill fired. */
  triggers: number;
  /** Runs that completed. */
  runs: number;
  rate: number;
  pass: boolean;
}

/** A description's score on one set of queries. */
export interface SetScore {
  passed: number;
  total: number;
  queries: QueryOutcome[];
}

/** One description the loop measured. */
export interface OptimizationCandidate {
  iteration: number;
  description: string;
  train: SetScore;
  /** Absent without held-out queries. */
  test?: SetScore;
  /** What its trigger runs cost, and what proposing it cost (none for the skill's own description). */
  costUsd: number;
  tokens: number;
  proposal?: { costUsd: number; tokens: number };
  /** Its trigger runs' run directory, relative to the report. */
  runDir: string;
}

/** `optimize.json`: what `skill-eval optimize-description` did, and what it found. */
export interface OptimizationReport {
  skill: { name: string; file: string };
  /** The engine the trigger runs used, and the one that proposed descriptions. */
  engine: string;
  proposer: string;
  split: { holdout: number; seed: number; train: number; test: number };
  runsPerQuery: number;
  threshold: number;
  triggerDetection: string;
  /** `all-train-passed`, `max-iterations`, or `failed` (then `error` says why). */
  exitReason: string;
  error?: string;
  originalDescription: string;
  /** Chosen by held-out passes (training passes without a held-out set); the earliest of equals. */
  best?: { iteration: number; description: string };
  candidates: OptimizationCandidate[];
  totals: { costUsd: number; tokens: number };
  /** Whether the best description was written into SKILL.md (`--apply`). */
  applied: boolean;
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--bg:#fbfbfa;--muted:#6b6b73;--line:#dddde3;--good:#2f7a3b;--bad:#b3261e;--test:#eef4fb;--best:#f2f8ec}
@media (prefers-color-scheme:dark){:root{--fg:#e6e6ea;--bg:#161618;--muted:#9a9aa3;--line:#33333a;--good:#7cc486;--bad:#f2948d;--test:#1b2430;--best:#1c2619}}
body{font:14px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0;padding:24px}
h1{font-size:20px;margin:0 0 12px}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 20px}
dt{color:var(--muted)}dd{margin:0}.wrap{overflow-x:auto}table{border-collapse:collapse;font-size:12px}
th,td{border:1px solid var(--line);padding:6px 8px;vertical-align:top;text-align:left}th{font-weight:600}
th.q{min-width:160px;font-weight:400}th.test,td.test{background:var(--test)}tr.best td{background:var(--best)}
td.desc{font-family:ui-monospace,monospace;max-width:420px;white-space:pre-wrap}td.r{text-align:center}
.pass{color:var(--good)}.fail{color:var(--bad)}.rate{display:block;color:var(--muted);font-size:11px}.muted{color:var(--muted)}`;

const score = (s: SetScore | undefined) => (s ? `${s.passed}/${s.total}` : '—');

function cell(outcome: QueryOutcome | undefined, test: boolean): SafeHtml {
  const cls = `r${test ? ' test' : ''}`;
  if (!outcome) return html`<td class="${cls}">—</td>`;
  return html`<td class="${cls}"><span class="${outcome.pass ? 'pass' : 'fail'}">${outcome.pass ? '✓' : '✗'}</span><span class="rate">${outcome.triggers}/${outcome.runs}</span></td>`;
}

/**
 * The report of a description optimisation as one self-contained page (after skill-creator's generate_report.py):
 * what was chosen and why, then each description tried with its training and held-out scores, its cost, and every
 * query's result (held-out columns shaded). Every string is escaped; nothing is fetched.
 */
export function renderOptimizationReport(report: OptimizationReport): string {
  const first = report.candidates[0];
  const columns = [
    ...(first?.train.queries ?? []).map((q) => ({ q, test: false })),
    ...(first?.test?.queries ?? []).map((q) => ({ q, test: true })),
  ];
  const rows = report.candidates.map((c) => {
    const outcomes = [...c.train.queries, ...(c.test?.queries ?? [])];
    const best = report.best?.iteration === c.iteration;
    const proposal = c.proposal ? ` + ${formatCost(c.proposal.costUsd)} to propose` : '';
    return html`<tr class="${best ? 'best' : ''}"><td>${c.iteration}${best ? html` <strong>best</strong>` : ''}</td><td>${score(c.train)}</td><td class="test">${score(c.test)}</td>
<td>${formatCost(c.costUsd)}${proposal}<span class="rate">${formatTokens(c.tokens)} tokens</span></td><td class="desc">${c.description}<span class="rate">${c.description.length} characters · <a href="${c.runDir}/">runs</a></span></td>
${columns.map((col, i) => cell(outcomes[i], col.test))}</tr>`;
  });
  const head = columns.map(
    ({ q, test }) =>
      html`<th class="q${test ? ' test' : ''}" scope="col">${q.query}<span class="rate">${q.shouldTrigger ? 'should fire' : 'should not fire'}${test ? ' · held out' : ''}</span></th>`,
  );
  const best = report.best && report.candidates.find((c) => c.iteration === report.best!.iteration);
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${report.skill.name} — description optimisation</title><style>${raw(STYLE)}</style></head>
<body><h1>${report.skill.name} — description optimisation</h1>
<dl>
<dt>Skill</dt><dd>${report.skill.file}</dd>
<dt>Trigger runs</dt><dd>${report.engine} · ${report.runsPerQuery} runs per query · threshold ${report.threshold} · ${report.triggerDetection}</dd>
<dt>Proposals</dt><dd>${report.proposer}</dd>
<dt>Split</dt><dd>${report.split.train} training queries, ${report.split.test} held out (holdout ${report.split.holdout}, seed ${report.split.seed})</dd>
<dt>Stopped</dt><dd>${report.exitReason}${report.error ? ` — ${report.error}` : ''}</dd>
<dt>Original</dt><dd>${report.originalDescription}</dd>
<dt>Best</dt><dd>${best ? html`iteration ${best.iteration}: ${score(best.test)} held out, ${score(best.train)} training — chosen by held-out score` : 'none'}</dd>
<dt>SKILL.md</dt><dd>${report.applied ? 'updated with the best description' : html`<span class="muted">unchanged (--apply writes the best description)</span>`}</dd>
<dt>Cost</dt><dd>${formatCost(report.totals.costUsd)} · ${formatTokens(report.totals.tokens)} tokens</dd>
</dl>
<div class="wrap"><table><thead><tr><th scope="col">Iteration</th><th scope="col">Training</th><th scope="col" class="test">Held out</th><th scope="col">Cost</th><th scope="col">Description</th>${head}</tr></thead>
<tbody>${rows}</tbody></table></div>
<p class="muted">Each cell: ✓ or ✗ for the query, and the runs in which the skill fired. Held-out queries (shaded) were never shown to the model that proposed the descriptions.</p>
</body></html>
`;
  return page.value;
}
