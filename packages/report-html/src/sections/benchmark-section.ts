import type { BenchmarkComparison, BenchmarkSide, BenchmarkSummary } from '@skill-eval/core';
import { efficiencyVerdict, type VerdictTone } from '@skill-eval/report/format';
import { divergingBars } from '../charts/diverging-bars.js';
import { pairedBars } from '../charts/paired-bars.js';
import { formatCost, formatDuration, formatPercent, formatSigned, formatTokens } from '../format.js';
import { html, type SafeHtml } from '../html.js';

type Measure = 'durationMs' | 'tokens' | 'turns' | 'toolCalls' | 'costUsd';
type Unit = (n: number) => string;

/** `3`, `2.5`: a mean count of turns or tool calls. */
const formatCount: Unit = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const usd: Unit = (n) => formatCost(n);

/** `1.2k ± 200` when the side ran more than once fresh (sample sd over its repeats), else the mean alone. */
function withSpread(mean: number, side: BenchmarkSide, key: Measure, unit: Unit): string {
  const sd = side.spread?.[key]?.sd;
  return (side.measured ?? 0) > 1 && sd !== undefined ? `${unit(mean)} ± ${unit(sd)}` : unit(mean);
}

/** `−500 ± 180`: the delta and, when the repeats give one, its standard error. */
function deltaText(b: BenchmarkComparison, key: Measure, delta: number, unit: Unit): string {
  const se = b.delta.spread?.[key];
  return `${formatSigned(delta, unit)}${se ? ` ± ${unit(se)}` : ''}`;
}

/** Each efficiency measure of a comparison: name, both means, the delta (undefined when not compared) and unit. */
function measures(b: BenchmarkComparison) {
  const { withSkill: a, other: o, delta } = b;
  const all: { name: string; key: Measure; a: number; o: number; delta: number | undefined; unit: Unit }[] = [
    {
      name: 'Mean time',
      key: 'durationMs',
      a: a.meanDurationMs,
      o: o.meanDurationMs,
      delta: delta.durationMs,
      unit: formatDuration,
    },
    { name: 'Mean tokens', key: 'tokens', a: a.meanTokens, o: o.meanTokens, delta: delta.tokens, unit: formatTokens },
  ];
  // Turns, tool calls and cost: in summaries written since they were recorded, and cost only where it was priced.
  if (a.meanTurns !== undefined && o.meanTurns !== undefined)
    all.push({
      name: 'Mean turns',
      key: 'turns',
      a: a.meanTurns,
      o: o.meanTurns,
      delta: delta.turns,
      unit: formatCount,
    });
  if (a.meanToolCalls !== undefined && o.meanToolCalls !== undefined)
    all.push({
      name: 'Mean tool calls',
      key: 'toolCalls',
      a: a.meanToolCalls,
      o: o.meanToolCalls,
      delta: delta.toolCalls,
      unit: formatCount,
    });
  if (a.meanCostUsd !== undefined || o.meanCostUsd !== undefined)
    all.push({
      name: 'Mean cost',
      key: 'costUsd',
      a: a.meanCostUsd ?? Number.NaN,
      o: o.meanCostUsd ?? Number.NaN,
      delta: delta.costUsd,
      unit: usd,
    });
  return all;
}

const toneClass = (tone: VerdictTone): string => (tone === 'better' ? 'good' : tone === 'worse' ? 'bad' : 'muted');

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

/**
 * Mean time, tokens, turns, tool calls and cost (± sd over fresh repeats), the deltas (± their standard error), or why
 * they are not compared: a side whose every execution came from the cache.
 */
function costRows(b: BenchmarkComparison): SafeHtml {
  const cached = (b.withSkill.cached ?? 0) + (b.other.cached ?? 0);
  const note = cached
    ? html`<tr><td colspan="4" class="muted">${String(cached)} cached executions count in the pass rate only: they took no time and spent nothing, so they are left out of every mean.</td></tr>`
    : '';
  const rows = measures(b).map((m) =>
    row(
      m.name,
      withSpread(m.a, b.withSkill, m.key, m.unit),
      withSpread(m.o, b.other, m.key, m.unit),
      m.delta,
      m.delta === undefined ? 'not compared' : deltaText(b, m.key, m.delta, m.unit),
      false,
    ),
  );
  return html`${rows}
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

/** One line under the heading: the deltas when they were measured, and the verdict (`same pass rate, 38% fewer tokens`). */
function lead(benchmark: BenchmarkSummary): SafeHtml {
  const { delta } = benchmark.overall;
  const base = benchmark.baselineSkill ? html` (baseline skill at <code>${benchmark.baselineSkill}</code>)` : '';
  const cost =
    delta.tokens === undefined || delta.durationMs === undefined
      ? 'time and tokens not compared (cached)'
      : `${formatSigned(delta.tokens, formatTokens)} tokens and ${formatSigned(delta.durationMs, formatDuration)}`;
  const verdict = efficiencyVerdict(benchmark.overall);
  const said = verdict ? html` <strong class="verdict ${toneClass(verdict.tone)}">${verdict.text}</strong>.` : '';
  return html`<p class="lead">The skill against <strong>${benchmark.overall.other.variant}</strong>${base}: ${formatSigned(delta.passRate, formatPercent)} pass rate, ${cost} per execution.${said}</p>`;
}

/**
 * Per task case: the pass-rate delta and every efficiency delta (± its standard error over the repeats), and the
 * verdict — where a skill saves or spends.
 */
function efficiencyTable(benchmark: BenchmarkSummary): SafeHtml {
  const tasks = benchmark.cases.filter((c) => c.shouldTrigger === undefined);
  if (tasks.length === 0) return html``;
  const columns = measures(benchmark.overall).map((m) => ({ key: m.key, name: m.name.replace('Mean ', '') }));
  const engines = new Set(tasks.map((c) => c.engine)).size;
  const rows = tasks.map((c) => {
    const verdict = efficiencyVerdict(c);
    const of = measures(c);
    const cells = columns.map(({ key }) => {
      const m = of.find((x) => x.key === key);
      return m?.delta === undefined
        ? html`<td class="num muted">—</td>`
        : html`<td class="num delta ${deltaClass(m.delta, false)}">${deltaText(c, m.key, m.delta, m.unit)}</td>`;
    });
    return html`<tr><th scope="row">${c.caseName}${engines > 1 ? ` · ${c.engine}` : ''}</th><td class="num delta ${deltaClass(c.delta.passRate, true)}">${formatSigned(c.delta.passRate, formatPercent)}</td>${cells}<td class="verdict ${verdict ? toneClass(verdict.tone) : 'muted'}">${verdict?.text ?? 'not compared (cached)'}</td></tr>`;
  });
  return html`<div class="table-wrap"><table class="grid-table"><caption>Efficiency per case: ${benchmark.overall.withSkill.variant} − ${benchmark.overall.other.variant}, mean per fresh execution</caption>
<thead><tr><th scope="col">Case</th><th scope="col" class="num">Pass rate</th>${columns.map((col) => html`<th scope="col" class="num">${col.name}</th>`)}<th scope="col">Verdict</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`;
}

/** The overall change of each measure relative to the other side's mean: bars left of zero are savings. */
function relativeChart(benchmark: BenchmarkSummary): SafeHtml {
  const o = benchmark.overall;
  const rows = measures(o).flatMap((m) =>
    m.delta === undefined || !(m.o > 0)
      ? []
      : [
          {
            label: m.name.replace('Mean ', ''),
            value: m.delta / m.o,
            text: formatSigned(m.delta / m.o, formatPercent),
          },
        ],
  );
  if (rows.length === 0) return html``;
  return divergingBars(rows, {
    title: `Efficiency overall: ${o.withSkill.variant} against ${o.other.variant}, change relative to ${o.other.variant}`,
    higherIsBetter: false,
  });
}

/**
 * The skill's effect: both sides overall with what each spent (time, tokens, turns, tool calls, cost) and a chart of
 * the relative change, each case's deltas, trigger cases by how often the skill fired in each arm, then per case pass
 * rates and the deltas as charts. Cached executions count in pass rates only.
 */
export function benchmarkSection(benchmark: BenchmarkSummary | undefined): SafeHtml {
  if (!benchmark) return html``;
  const tasks = benchmark.cases.some((c) => c.shouldTrigger === undefined);
  const t = benchmark.triggers;
  return html`<section aria-labelledby="benchmark-h"><h2 id="benchmark-h">Benchmark</h2>
${tasks ? html`${lead(benchmark)}${comparisonTable('Overall (task cases)', benchmark.overall, passRow(benchmark.overall))}${relativeChart(benchmark)}${efficiencyTable(benchmark)}` : ''}
${triggerTable('Trigger cases that should fire', t?.shouldTrigger, true)}
${triggerTable('Trigger cases that should not fire', t?.shouldNotTrigger, false)}
${charts(benchmark)}
</section>`;
}
