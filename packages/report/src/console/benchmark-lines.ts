import type { BenchmarkComparison, BenchmarkSide, BenchmarkSummary, RunSummary } from '@skill-eval/core';
import { efficiencyVerdict, formatCost, formatDuration, formatPercent, formatTokens } from '../format.js';
import type { Palette } from './console-options.js';

const signed = (n: number, text: string): string => (n > 0 ? `+${text}` : n < 0 ? `−${text}` : '±0');

/** `92% vs 40% (+52%)`, the delta green when it is better (`higherIsBetter`) and red when worse. */
function rates(a: number, b: number, colors: Palette, higherIsBetter = true): string {
  const delta = a - b;
  const color = delta === 0 ? colors.dim : delta > 0 === higherIsBetter ? colors.green : colors.red;
  return `${formatPercent(a)} vs ${formatPercent(b)} (${color(signed(delta, formatPercent(Math.abs(delta))))})`;
}

const cachedOf = (s: BenchmarkSide): number => s.cached ?? 0;

/** `3`, `2.5`: a mean count of turns or tool calls. */
const formatCount = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** `1.2k ± 200` when the side ran more than once fresh (the sample sd over its repeats), else the mean alone. */
function withSpread(mean: number, side: BenchmarkSide, key: Measure, unit: (n: number) => string): string {
  const sd = side.spread?.[key]?.sd;
  return (side.measured ?? 0) > 1 && sd !== undefined ? `${unit(mean)} ± ${unit(sd)}` : unit(mean);
}

type Measure = 'durationMs' | 'tokens' | 'turns' | 'toolCalls' | 'costUsd';

/** `tokens 1.2k ± 100 vs 800 (+400 ± 70)`: both sides' means (± sd) and the delta (± its standard error). */
function measure(
  name: string,
  c: BenchmarkComparison,
  key: Measure,
  means: [number, number],
  delta: number,
  unit: (n: number) => string,
): string {
  const se = c.delta.spread?.[key];
  const d = `${signed(delta, unit(Math.abs(delta)))}${se ? ` ± ${unit(se)}` : ''}`;
  return `${name} ${withSpread(means[0], c.withSkill, key, unit)} vs ${withSpread(means[1], c.other, key, unit)} (${d})`;
}

/**
 * `time 1.2s vs 0.8s (+0.4s) · tokens 1.2k vs 800 (+400) · turns … · tool calls … · cost …`, or why they are not
 * compared (every execution cached). Turns, tool calls and cost show when the summary has them (older ones do not).
 */
function cost(c: BenchmarkComparison): string {
  const { withSkill: a, other: b, delta } = c;
  if (delta.durationMs === undefined || delta.tokens === undefined) return 'time and tokens not compared (cached)';
  return [
    measure('time', c, 'durationMs', [a.meanDurationMs, b.meanDurationMs], delta.durationMs, formatDuration),
    measure('tokens', c, 'tokens', [a.meanTokens, b.meanTokens], delta.tokens, formatTokens),
    ...(delta.turns !== undefined
      ? [measure('turns', c, 'turns', [a.meanTurns ?? 0, b.meanTurns ?? 0], delta.turns, formatCount)]
      : []),
    ...(delta.toolCalls !== undefined
      ? [
          measure(
            'tool calls',
            c,
            'toolCalls',
            [a.meanToolCalls ?? 0, b.meanToolCalls ?? 0],
            delta.toolCalls,
            formatCount,
          ),
        ]
      : []),
    ...(delta.costUsd !== undefined
      ? [measure('cost', c, 'costUsd', [a.meanCostUsd ?? 0, b.meanCostUsd ?? 0], delta.costUsd, (n) => formatCost(n))]
      : []),
  ].join(' · ');
}

/** ` → same pass rate, 38% fewer tokens, 20% faster`, green when the skill is better for it and red when worse. */
function verdict(c: BenchmarkComparison, colors: Palette): string {
  const v = efficiencyVerdict(c);
  if (!v) return '';
  const paint = v.tone === 'better' ? colors.green : v.tone === 'worse' ? colors.red : colors.dim;
  return ` → ${paint(v.text)}`;
}

/**
 * `pass 100% vs 0% (+100%) · time … · tokens … → same pass rate, 38% fewer tokens`; a trigger case says how often the
 * skill fired instead of passing, and gives no verdict (without the skill there is nothing to fire).
 */
function describe(c: BenchmarkComparison, colors: Palette, shouldTrigger?: boolean): string {
  const { withSkill: a, other: b } = c;
  const trigger = shouldTrigger !== undefined && a.triggerRate !== undefined && b.triggerRate !== undefined;
  const head = trigger
    ? `fired ${rates(a.triggerRate!, b.triggerRate!, colors, shouldTrigger)} (${shouldTrigger ? 'should trigger' : 'should not'})`
    : `pass ${rates(a.passRate, b.passRate, colors)}`;
  return `${head} · ${cost(c)}${trigger ? '' : verdict(c, colors)}`;
}

/** The pooled trigger lines: how often the skill fired in each arm, apart from the pass rates. */
function triggerLines(bench: NonNullable<RunSummary['benchmark']>, colors: Palette): string[] {
  const t = bench.triggers;
  if (!t) return [];
  const part = (c: BenchmarkComparison | undefined, should: boolean) =>
    c?.withSkill.triggerRate !== undefined && c.other.triggerRate !== undefined
      ? [
          `${should ? 'should trigger' : 'should not'}: fired ${rates(c.withSkill.triggerRate, c.other.triggerRate, colors, should)}`,
        ]
      : [];
  const parts = [...part(t.shouldTrigger, true), ...part(t.shouldNotTrigger, false)];
  if (parts.length === 0) return [];
  // Without the skill there is nothing to fire: that arm's rate is information, not a verdict.
  const note = bench.against === 'without_skill' ? ` ${colors.dim('(without_skill: information, not a failure)')}` : '';
  return [`  ${colors.bold('Triggers')} — ${parts.join(' · ')}${note}`];
}

/** `, ± sd over repeats and standard error of the delta` when some side ran more than once fresh. */
function spreadNote(bench: NonNullable<RunSummary['benchmark']>): string {
  const repeated = [bench.overall, ...bench.cases].some(
    (c) => (c.withSkill.measured ?? 0) > 1 || (c.other.measured ?? 0) > 1,
  );
  return repeated ? '; ± sd over fresh repeats, delta ± its standard error' : '';
}

/**
 * The benchmark block: the skill against no skill (or its baseline), per case (unless `totalsOnly`) and overall; empty
 * without one. Cached executions count in the pass rates but not in time and tokens, and are said apart.
 */
export function renderBenchmark(summary: RunSummary, colors: Palette, totalsOnly = false): string[] {
  const benches = summary.benchmark ? [summary.benchmark, ...(summary.otherBenchmarks ?? [])] : [];
  return benches.flatMap((bench) => renderOne(bench, colors, totalsOnly));
}

function renderOne(bench: BenchmarkSummary, colors: Palette, totalsOnly: boolean): string[] {
  const engines = new Set(bench.cases.map((c) => c.engine)).size;
  const lines = [colors.bold(`Benchmark: with_skill vs ${bench.against} (means per execution${spreadNote(bench)})`)];
  for (const c of totalsOnly ? [] : bench.cases) {
    const label = `${c.suiteId} › ${c.caseName}${engines > 1 ? ` [${c.engine}]` : ''}`;
    lines.push(`  ${label} — ${describe(c, colors, c.shouldTrigger)}`);
  }
  if (bench.cases.some((c) => c.shouldTrigger === undefined)) {
    lines.push(`  ${colors.bold('Overall')} — ${describe(bench.overall, colors)}`);
  }
  lines.push(...triggerLines(bench, colors));
  const cached = bench.cases.reduce((n, c) => n + cachedOf(c.withSkill) + cachedOf(c.other), 0);
  if (cached > 0) {
    lines.push(
      colors.dim(
        `  ${cached} execution${cached === 1 ? ' was' : 's were'} reused from the cache: counted in the pass rates, left out of time, tokens, turns, tool calls and cost (--no-cache measures every one).`,
      ),
    );
  }
  return lines;
}
