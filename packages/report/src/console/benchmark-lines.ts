import type { BenchmarkComparison, RunSummary } from '@skill-eval/core';
import { formatDuration, formatPercent, formatTokens } from '../format.js';
import type { Palette } from './console-options.js';

const signed = (n: number, text: string): string => (n > 0 ? `+${text}` : n < 0 ? `−${text}` : '±0');

/** `100% vs 0% (+100%) · 1.2s vs 0.8s (+0.4s) · 1.2k vs 800 tokens (+400)`; a better pass rate is green. */
function describe(c: BenchmarkComparison, colors: Palette): string {
  const { withSkill: a, other: b, delta } = c;
  const rate = signed(delta.passRate, formatPercent(Math.abs(delta.passRate)));
  const rateColor = delta.passRate > 0 ? colors.green : delta.passRate < 0 ? colors.red : colors.dim;
  return [
    `pass ${formatPercent(a.passRate)} vs ${formatPercent(b.passRate)} (${rateColor(rate)})`,
    `time ${formatDuration(a.meanDurationMs)} vs ${formatDuration(b.meanDurationMs)} (${signed(delta.durationMs, formatDuration(Math.abs(delta.durationMs)))})`,
    `tokens ${formatTokens(a.meanTokens)} vs ${formatTokens(b.meanTokens)} (${signed(delta.tokens, formatTokens(Math.abs(delta.tokens)))})`,
  ].join(' · ');
}

/**
 * The benchmark block: the skill against no skill (or its baseline), per case (unless `totalsOnly`) and overall; empty
 * without one.
 */
export function renderBenchmark(summary: RunSummary, colors: Palette, totalsOnly = false): string[] {
  const bench = summary.benchmark;
  if (!bench) return [];
  const engines = new Set(bench.cases.map((c) => c.engine)).size;
  const lines = [colors.bold(`Benchmark: with_skill vs ${bench.against} (means per execution)`)];
  for (const c of totalsOnly ? [] : bench.cases) {
    const label = `${c.suiteId} › ${c.caseName}${engines > 1 ? ` [${c.engine}]` : ''}`;
    lines.push(`  ${label} — ${describe(c, colors)}`);
  }
  lines.push(`  ${colors.bold('Overall')} — ${describe(bench.overall, colors)}`);
  return lines;
}
