import type { BenchmarkComparison, BenchmarkSide, RunSummary } from '@skill-eval/core';
import { formatDuration, formatPercent, formatTokens } from '../format.js';
import type { Palette } from './console-options.js';

const signed = (n: number, text: string): string => (n > 0 ? `+${text}` : n < 0 ? `−${text}` : '±0');

/** `92% vs 40% (+52%)`, the delta green when it is better (`higherIsBetter`) and red when worse. */
function rates(a: number, b: number, colors: Palette, higherIsBetter = true): string {
  const delta = a - b;
  const color = delta === 0 ? colors.dim : delta > 0 === higherIsBetter ? colors.green : colors.red;
  return `${formatPercent(a)} vs ${formatPercent(b)} (${color(signed(delta, formatPercent(Math.abs(delta))))})`;
}

const cachedOf = (s: BenchmarkSide): number => s.cached ?? 0;

/** `time 1.2s vs 0.8s (+0.4s) · tokens 1.2k vs 800 (+400)`, or why they are not compared (every execution cached). */
function cost(c: BenchmarkComparison): string {
  const { withSkill: a, other: b, delta } = c;
  if (delta.durationMs === undefined || delta.tokens === undefined) return 'time and tokens not compared (cached)';
  return [
    `time ${formatDuration(a.meanDurationMs)} vs ${formatDuration(b.meanDurationMs)} (${signed(delta.durationMs, formatDuration(Math.abs(delta.durationMs)))})`,
    `tokens ${formatTokens(a.meanTokens)} vs ${formatTokens(b.meanTokens)} (${signed(delta.tokens, formatTokens(Math.abs(delta.tokens)))})`,
  ].join(' · ');
}

/** `pass 100% vs 0% (+100%) · time … · tokens …`; a trigger case says how often the skill fired instead of passing. */
function describe(c: BenchmarkComparison, colors: Palette, shouldTrigger?: boolean): string {
  const { withSkill: a, other: b } = c;
  const head =
    shouldTrigger !== undefined && a.triggerRate !== undefined && b.triggerRate !== undefined
      ? `fired ${rates(a.triggerRate, b.triggerRate, colors, shouldTrigger)} (${shouldTrigger ? 'should trigger' : 'should not'})`
      : `pass ${rates(a.passRate, b.passRate, colors)}`;
  return `${head} · ${cost(c)}`;
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

/**
 * The benchmark block: the skill against no skill (or its baseline), per case (unless `totalsOnly`) and overall; empty
 * without one. Cached executions count in the pass rates but not in time and tokens, and are said apart.
 */
export function renderBenchmark(summary: RunSummary, colors: Palette, totalsOnly = false): string[] {
  const bench = summary.benchmark;
  if (!bench) return [];
  const engines = new Set(bench.cases.map((c) => c.engine)).size;
  const lines = [colors.bold(`Benchmark: with_skill vs ${bench.against} (means per execution)`)];
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
        `  ${cached} execution${cached === 1 ? ' was' : 's were'} reused from the cache: counted in the pass rates, left out of time and tokens (--no-cache measures every one).`,
      ),
    );
  }
  return lines;
}
