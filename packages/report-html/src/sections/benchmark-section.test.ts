import type { BenchmarkComparison, BenchmarkSide, BenchmarkSummary } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../render-html-report.js';
import { sampleRun } from '../test-support/sample-run.js';
import { benchmarkSection } from './benchmark-section.js';

const spread = (sd: number, mean: number) => ({ sd, min: mean - sd, max: mean + sd });

function side(variant: string, tokens: number, turns: number, calls: number, costUsd?: number): BenchmarkSide {
  return {
    variant,
    executions: 3,
    passRate: 1,
    meanDurationMs: 2000,
    meanTokens: tokens,
    measured: 3,
    meanTurns: turns,
    meanToolCalls: calls,
    ...(costUsd === undefined ? {} : { meanCostUsd: costUsd }),
    spread: {
      durationMs: spread(0, 2000),
      tokens: spread(100, tokens),
      turns: spread(1, turns),
      toolCalls: spread(0.5, calls),
      ...(costUsd === undefined ? {} : { costUsd: spread(0.001, costUsd) }),
    },
  };
}

const comparison = (priced: boolean): BenchmarkComparison => ({
  withSkill: side('with_skill', 1240, 3, 2.5, priced ? 0.012 : undefined),
  other: side('without_skill', 2000, 5, 6, priced ? 0.02 : undefined),
  delta: {
    passRate: 0,
    durationMs: 0,
    tokens: -760,
    turns: -2,
    toolCalls: -3.5,
    ...(priced ? { costUsd: -0.008 } : {}),
    spread: { durationMs: 0, tokens: 180, turns: 0.8, toolCalls: 0.4, ...(priced ? { costUsd: 0.0008 } : {}) },
  },
});

const summary = (): BenchmarkSummary => ({
  against: 'without_skill',
  cases: [
    { suiteId: 's', caseId: '1', caseName: 'fills forms', engine: 'x', ...comparison(true) },
    { suiteId: 's', caseId: '2', caseName: 'merges pages', engine: 'x', ...comparison(false) },
  ],
  overall: comparison(true),
});

describe('benchmark section: efficiency', () => {
  it('gives each side its mean (± sd over repeats) of time, tokens, turns, tool calls and cost, and the deltas ± their standard error', () => {
    const page = benchmarkSection(summary()).toString();
    expect(page).toContain(
      '<tr><th scope="row">Mean tokens</th><td class="num">1.2k ± 100</td><td class="num">2k ± 100</td><td class="num delta good">−760 ± 180</td></tr>',
    );
    expect(page).toContain(
      '<tr><th scope="row">Mean turns</th><td class="num">3 ± 1</td><td class="num">5 ± 1</td><td class="num delta good">−2 ± 0.8</td></tr>',
    );
    expect(page).toContain('<th scope="row">Mean tool calls</th><td class="num">2.5 ± 0.5</td>');
    expect(page).toContain('<td class="num delta good">−$0.0080 ± $0.0008</td>');
  });

  it('says the skill that passes the same cases with fewer tokens is better, overall and per case', () => {
    const page = benchmarkSection(summary()).toString();
    expect(page).toContain('<strong class="verdict good">same pass rate, 38% fewer tokens, as fast</strong>');
    const table = page.slice(page.indexOf('<caption>Efficiency per case'));
    expect(table).toContain(
      '<thead><tr><th scope="col">Case</th><th scope="col" class="num">Pass rate</th><th scope="col" class="num">time</th><th scope="col" class="num">tokens</th><th scope="col" class="num">turns</th><th scope="col" class="num">tool calls</th><th scope="col" class="num">cost</th><th scope="col">Verdict</th></tr></thead>',
    );
    // A case that was never priced keeps its columns in place: a dash where its cost would be.
    const merges = table.slice(table.indexOf('merges pages'), table.indexOf('</tr>', table.indexOf('merges pages')));
    expect(merges).toContain('<td class="num delta good">−3.5 ± 0.4</td><td class="num muted">—</td>');
    expect(merges).toContain('<td class="verdict good">same pass rate, 38% fewer tokens, as fast</td>');
  });

  it('charts the overall change of each measure relative to the other side, as inline SVG', () => {
    const page = benchmarkSection(summary()).toString();
    const label = 'Efficiency overall: with_skill against without_skill, change relative to without_skill';
    const chart = page.slice(page.indexOf(`aria-label="${label}"`), page.indexOf('</svg>', page.indexOf(label)));
    expect(chart).toContain('<title>tokens: −38%</title>');
    expect(chart).toContain('<title>turns: −40%</title>');
    expect(chart).toContain('<title>tool calls: −58%</title>');
    expect(chart).toContain('<title>cost: −40%</title>');
    expect(chart).toContain('<title>time: ±0%</title>');
  });

  it('reads a summary written before turns, tool calls and cost were recorded', () => {
    const old = summary();
    const strip = (c: BenchmarkComparison): BenchmarkComparison => {
      const bare = ({ measured, meanTurns, meanToolCalls, meanCostUsd, spread, ...s }: BenchmarkSide) => s;
      return {
        withSkill: bare(c.withSkill),
        other: bare(c.other),
        delta: { passRate: c.delta.passRate, durationMs: 0, tokens: -760 },
      };
    };
    const page = benchmarkSection({
      ...old,
      cases: old.cases.map((c) => ({ ...c, ...strip(c) })),
      overall: strip(old.overall),
    }).toString();
    expect(page).toContain('<td class="num">1.2k</td><td class="num">2k</td><td class="num delta good">−760</td>');
    expect(page).not.toContain('Mean turns');
    expect(page).not.toContain('Mean cost');
  });

  it('shows the measures the runner summarised from a run', async () => {
    const { results, summary: run } = sampleRun('/runs/sample');
    const page = await renderHtmlReport({ summary: run, results });
    const o = run.benchmark!.overall;
    expect(page).toContain(`<th scope="row">Mean turns</th><td class="num">${o.withSkill.meanTurns}`);
    expect(page).toContain('<th scope="row">Mean cost</th>');
    expect(page).toContain('<caption>Efficiency per case: with_skill − without_skill');
  });
});
