import type { CaseResult, RunSummary, Session } from '@skill-eval/core';
import pLimit from 'p-limit';
import { boundTexts } from './bounded-texts.js';
import { formatDuration } from './format.js';
import { html, jsonForScript, raw, type SafeHtml } from './html.js';
import { REPORT_APP_SCRIPT } from './report-app-script.generated.js';
import { isLeftOut, type LeftOut, REPORT_DATA_ID, type ReportData, transcriptBlockId } from './report-data.js';
import { benchmarkSection } from './sections/benchmark-section.js';
import { caseTable } from './sections/case-table.js';
import { failuresSection } from './sections/failures-section.js';
import { feedbackSection } from './sections/feedback-section.js';
import { repeatsSection } from './sections/repeats-section.js';
import { routingSection } from './sections/routing-section.js';
import { summarySection } from './sections/summary-section.js';
import { triggersSection } from './sections/triggers-section.js';
import { STYLES } from './styles.js';

/** What the report is made of. */
export interface HtmlReportInput {
  /** The run's summary.json. */
  summary: RunSummary;
  /** Every execution, in the order the table lists them. */
  results: readonly CaseResult[];
  /**
   * Loads an execution's full transcript, or says why it was left out (a link, a FIFO, a file over the cap); without
   * it the report shows no transcripts.
   */
  transcripts?: (executionId: string) => Promise<Session | LeftOut | undefined>;
  /**
   * Files kept for an execution, as paths relative to the directory report.html is written to (the run
   * directory). Without it, the files the case's artifact globs collected (`result.workspace.collected`).
   */
  artifacts?: (executionId: string) => Promise<string[]>;
  /**
   * The run directory's files left out of the report, and why, as reading `transcripts` and `artifacts` found them:
   * read once both are done, and listed at the top of the page.
   */
  leftOut?: readonly string[];
}

/** Transcripts are read a few at a time, so a run of thousands does not open thousands of files at once. */
const READ_CONCURRENCY = 16;

function header(summary: RunSummary, results: readonly CaseResult[]): SafeHtml {
  const version = results.find((r) => r.harnessVersion)?.harnessVersion;
  const items = [
    html`<li>Run <code>${summary.runId}</code></li>`,
    html`<li>Started ${summary.startedAt}</li>`,
    html`<li>Took ${formatDuration(summary.durationMs)}</li>`,
    summary.interrupted ? html`<li><span class="badge error">interrupted</span></li>` : '',
    summary.shard ? html`<li>Shard ${summary.shard.index} of ${summary.shard.count}</li>` : '',
    summary.mergedFrom?.length ? html`<li>Merged from ${summary.mergedFrom.length} runs</li>` : '',
    version ? html`<li>skill-eval ${version}</li>` : '',
  ];
  return html`<header class="page"><h1>skill-eval report</h1><ul class="run-meta">${items}</ul></header>`;
}

function toc(summary: RunSummary, results: readonly CaseResult[]): SafeHtml {
  const failures = results.filter((r) => r.status === 'failed' || r.status === 'error').length;
  const links: [string, string][] = failures ? [['failures-h', `Failures (${failures})`]] : [];
  links.push(['summary-h', 'Summary']);
  if (summary.benchmark) links.push(['benchmark-h', 'Benchmark']);
  if (summary.routing?.length) links.push(['routing-h', 'Routing']);
  if (summary.cases.some((c) => c.trigger)) links.push(['triggers-h', 'Trigger rates']);
  if (summary.cases.some((c) => c.runs > 1)) links.push(['repeats-h', 'Repeats']);
  if (results.some((r) => r.judge?.feedback?.suggestions.length)) links.push(['feedback-h', 'Judge feedback']);
  links.push(['cases-h', 'Cases']);
  return html`<nav class="toc" aria-label="Sections">${links.map(([id, text]) => html`<a href="#${id}">${text}</a>`)}</nav>`;
}

/**
 * The files of the run directory the report did not read (a link, a FIFO, a device, a file over the cap), each with
 * why: the report shows less than the run directory holds, and says where. Nothing when it read everything.
 */
function leftOutSection(leftOut: readonly string[]): SafeHtml {
  if (leftOut.length === 0) return html``;
  const items = [...new Set(leftOut)].sort().map((note) => html`<li>${note}</li>`);
  return html`<section aria-labelledby="left-out-h" class="left-out"><h2 id="left-out-h">Left out of this report (${String(items.length)})</h2>
<p class="lead">These files of the run directory were not read: the report follows no link, reads regular files only and caps their size.</p>
<ul>${items}</ul>
</section>`;
}

/**
 * Renders a run as one self-contained HTML page: inline CSS, inline script, inline SVG charts, nothing fetched
 * (a Content-Security-Policy forbids it). Every string from the run is escaped; transcripts are embedded as JSON
 * and turned into markup only when a row is opened, so a run of a thousand executions still opens quickly.
 */
export async function renderHtmlReport(input: HtmlReportInput): Promise<string> {
  const { summary, results } = input;
  const transcripts = input.transcripts
    ? await pLimit(READ_CONCURRENCY).map(results, (r) => input.transcripts!(r.executionId).catch(() => undefined))
    : [];
  const artifacts = await pLimit(READ_CONCURRENCY).map(results, async (r) =>
    input.artifacts ? await input.artifacts(r.executionId).catch(() => []) : (r.workspace?.collected ?? []),
  );
  // Long texts are cut where the run directory keeps them whole: the transcript file, else the results lines.
  const sourceOf = (r: CaseResult) => r.transcriptFile ?? 'results.jsonl';
  const data: ReportData = {
    results: results.map((r, i) => boundTexts({ ...r, artifacts: artifacts[i] ?? [] }, sourceOf(r))),
  };
  const transcriptBlocks = transcripts.map((session, i) => {
    if (!session) return '';
    // A transcript left out keeps its block, holding why: its row says so instead of "none was recorded".
    const shown = isLeftOut(session) ? session : boundTexts(session, sourceOf(results[i]!));
    return raw(`<script type="application/json" id="${transcriptBlockId(i)}">${jsonForScript(shown)}</script>\n`);
  });
  const csp = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>skill-eval report — ${summary.runId}</title>
<style>${raw(STYLES)}</style>
</head>
<body>
<main>
${header(summary, results)}
${toc(summary, results)}
${leftOutSection(input.leftOut ?? [])}
${failuresSection(results)}
${summarySection(summary)}
${benchmarkSection(summary.benchmark)}
${routingSection(summary)}
${triggersSection(summary)}
${repeatsSection(summary)}
${feedbackSection(results)}
${caseTable(results)}
<footer>Generated by skill-eval. This file is self-contained: it loads nothing from the network.</footer>
</main>
<script type="application/json" id="${REPORT_DATA_ID}">${raw(jsonForScript(data))}</script>
${transcriptBlocks}<script>${raw(REPORT_APP_SCRIPT)}</script>
</body>
</html>
`;
  return page.value;
}
