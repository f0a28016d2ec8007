import type { BenchmarkComparison, BenchmarkSummary } from '@skill-eval/core';
import { divergingBars } from '../charts/diverging-bars.js';
import { pairedBars } from '../charts/paired-bars.js';
import { formatDuration, formatPercent, formatSigned, formatTokens } from '../format.js';
import { html, type SafeHtml } from '../html.js';

const deltaClass = (delta: number, higherIsBetter: boolean): string =>
  delta === 0 ? 'muted' : delta > 0 === higherIsBetter ? 'good' : 'bad';

type Row = (
  name: string,
  a: string,
  o: string,
  delta: number | undefined,
  text: string,
  higherIsBetter: boolean,
) => SafeHtml;

const row: Row = (name, a, o, delta, text, higherIsBetter) =>
  html`<tr><th scope="row">${name}</th><td class="num">${a}</td><td class="num">${o}</td><td class="num delta ${delta === undefined ? 'muted' : deltaClass(delta, higherIsBetter)}">${text}</td></tr>`;

/** Mean time and tokens, or why they are not compared: a side whose every execution came from the cache. */
function costRows(b: BenchmarkComparison): SafeHtml {
  const { durationMs, tokens } = b.delta;
  const cached = (b.withSkill.cached ?? 0) + (b.other.cached ?? 0);
  const note = cached
    ? html`<tr><td colspan="4" class="muted">${String(cached)} cached executions count in the pass rate only: they took no time and spent nothing.</td></tr>`
    : '';
  return html`${row('Mean time', formatDuration(b.withSkill.meanDurationMs), formatDuration(b.other.meanDurationMs), durationMs, durationMs === undefined ? 'not compared' : formatSigned(durationMs, formatDuration), false)}
${row('Mean tokens', formatTokens(b.withSkill.meanTokens), formatTokens(b.other.meanTokens), tokens, tokens === undefined ? 'not compared' : formatSigned(tokens, formatTokens), false)}
${note}`;
}

function comparisonTable(caption: string, b: BenchmarkComparison, first: SafeHtml): SafeHtml {
  return html`<div class="table-wrap"><table class="grid-table"><caption>${caption}</caption>
<thead><tr><th scope="col">Measure</th><th scope="col" class="num">${b.withSkill.variant}</th><th scope="col" class="num">${b.other.variant}</th><th scope="col" class="num">Delta</th></tr></thead>
<tbody>
${first}
${costRows(b)}
${row('Executions', String(b.withSkill.executions), String(b.other.executions), 0, '', true)}
</tbody></table></div>`;
}

const passRow = (b: BenchmarkComparison) =>
  row(
    'Pass rate',
    formatPercent(b.withSkill.passRate),
    formatPercent(b.other.passRate),
    b.delta.passRate,
    formatSigned(b.delta.passRate, formatPercent),
    true,
  );

/** How often the skill fired in each arm: more is better where it should fire, less where it should not. */
function triggerTable(caption: string, b: BenchmarkComparison | undefined, should: boolean): SafeHtml {
  if (!b || b.withSkill.triggerRate === undefined || b.other.triggerRate === undefined) return html``;
  const delta = b.delta.triggerRate ?? b.withSkill.triggerRate - b.other.triggerRate;
  const fired = row(
    'Fired',
    formatPercent(b.withSkill.triggerRate),
    formatPercent(b.other.triggerRate),
    delta,
    formatSigned(delta, formatPercent),
    should,
  );
  return comparisonTable(caption, b, fired);
}

function charts(benchmark: BenchmarkSummary): SafeHtml {
  const label = (c: BenchmarkSummary['cases'][number]) => `${c.caseName} · ${c.engine}`;
  const tasks = benchmark.cases.filter((c) => c.shouldTrigger === undefined);
  const timed = tasks.filter((c) => c.delta.durationMs !== undefined && c.delta.tokens !== undefined);
  const other = benchmark.overall.other.variant;
  if (tasks.length === 0) return html``;
  return html`<div class="charts">
${pairedBars(
  tasks.map((c) => ({ label: label(c), a: c.withSkill.passRate, b: c.other.passRate })),
  {
    title: `Pass rate per case: ${benchmark.overall.withSkill.variant} against ${other}`,
    series: [benchmark.overall.withSkill.variant, other],
    format: formatPercent,
  },
)}
${divergingBars(
  tasks.map((c) => ({ label: label(c), value: c.delta.passRate, text: formatSigned(c.delta.passRate, formatPercent) })),
  { title: 'Pass-rate delta per case (skill − other)', higherIsBetter: true },
)}
${
  timed.length === 0
    ? ''
    : divergingBars(
        timed.map((c) => ({
          label: label(c),
          value: c.delta.tokens!,
          text: formatSigned(c.delta.tokens!, formatTokens),
        })),
        { title: 'Token delta per case (mean per fresh execution)', higherIsBetter: false },
      )
}
${
  timed.length === 0
    ? ''
    : divergingBars(
        timed.map((c) => ({
          label: label(c),
          value: c.delta.durationMs!,
          text: formatSigned(c.delta.durationMs!, formatDuration),
        })),
        { title: 'Time delta per case (mean per fresh execution)', higherIsBetter: false },
      )
}
</div>`;
}

/** One line under the heading: the pass-rate delta, and the time and token deltas when they were measured. */
function lead(benchmark: BenchmarkSummary): SafeHtml {
  const { delta } = benchmark.overall;
  const base = benchmark.baselineSkill ? html` (baseline skill at <code>${benchmark.baselineSkill}</code>)` : '';
  const cost =
    delta.tokens === undefined || delta.durationMs === undefined
      ? 'time and tokens not compared (cached)'
      : `${formatSigned(delta.tokens, formatTokens)} tokens and ${formatSigned(delta.durationMs, formatDuration)}`;
  return html`<p class="lead">The skill against <strong>${benchmark.overall.other.variant}</strong>${base}: ${formatSigned(delta.passRate, formatPercent)} pass rate, ${cost} per execution.</p>`;
}

/**
 * The skill's effect: both sides overall, trigger cases by how often the skill fired in each arm, then per case pass
 * rates and the deltas as charts. Cached executions count in pass rates only.
 */
export function benchmarkSection(benchmark: BenchmarkSummary | undefined): SafeHtml {
  if (!benchmark) return html``;
  const tasks = benchmark.cases.some((c) => c.shouldTrigger === undefined);
  const t = benchmark.triggers;
  return html`<section aria-labelledby="benchmark-h"><h2 id="benchmark-h">Benchmark</h2>
${tasks ? html`${lead(benchmark)}${comparisonTable('Overall (task cases)', benchmark.overall, passRow(benchmark.overall))}` : ''}
${triggerTable('Trigger cases that should fire', t?.shouldTrigger, true)}
${triggerTable('Trigger cases that should not fire', t?.shouldNotTrigger, false)}
${charts(benchmark)}
</section>`;
}
