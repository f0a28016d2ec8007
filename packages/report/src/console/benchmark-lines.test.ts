import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRunEnd } from '../test-support/render-run-end.js';

const cwd = path.resolve('/tmp/project');
const outDir = path.join(cwd, 'out');
const side = (variant: string, passRate: number, meanDurationMs: number, meanTokens: number) => ({
  variant,
  executions: 2,
  passRate,
  meanDurationMs,
  meanTokens,
});

const render = (overrides: Record<string, unknown>) => renderRunEnd(overrides, cwd, outDir);

describe('console: benchmark block', () => {
  it('prints each case and the overall comparison with signed deltas', async () => {
    const comparison = {
      withSkill: side('with_skill', 1, 2500, 1500),
      other: side('without_skill', 0.5, 1000, 2000),
      delta: { passRate: 0.5, durationMs: 1500, tokens: -500 },
    };
    const text = await render({
      benchmark: {
        against: 'without_skill',
        cases: [
          { suiteId: 'skills/pdf/evals.json', caseId: '1', caseName: 'extracts tables', engine: 'x', ...comparison },
        ],
        overall: comparison,
      },
    });
    expect(text).toContain('Benchmark: with_skill vs without_skill (means per execution)');
    expect(text).toContain(
      '  skills/pdf/evals.json › extracts tables — pass 100% vs 50% (+50%) · time 2.5s vs 1.0s (+1.5s) · tokens 1.5k vs 2k (−500) → higher pass rate, 25% fewer tokens, 150% slower\n',
    );
    expect(text).toContain('  Overall — pass 100% vs 50% (+50%)');
  });

  it('says a skill that passes the same cases with fewer tokens is better, with turns, tool calls, cost and their spreads over repeats', async () => {
    const measured = (variant: string, tokens: number, sd: number, turns: number, calls: number, costUsd: number) => ({
      ...side(variant, 1, 2000, tokens),
      measured: 3,
      meanTurns: turns,
      meanToolCalls: calls,
      meanCostUsd: costUsd,
      spread: {
        durationMs: { sd: 0, min: 2000, max: 2000 },
        tokens: { sd, min: tokens - sd, max: tokens + sd },
        turns: { sd: 1, min: turns - 1, max: turns + 1 },
        toolCalls: { sd: 0.5, min: calls, max: calls + 1 },
        costUsd: { sd: 0.001, min: costUsd, max: costUsd },
      },
    });
    const comparison = {
      withSkill: measured('with_skill', 1240, 100, 3, 2.5, 0.012),
      other: measured('without_skill', 2000, 300, 5, 6, 0.02),
      delta: {
        passRate: 0,
        durationMs: 0,
        tokens: -760,
        turns: -2,
        toolCalls: -3.5,
        costUsd: -0.008,
        spread: { durationMs: 0, tokens: 180, turns: 0.8, toolCalls: 0.4, costUsd: 0.0008 },
      },
    };
    const text = await render({
      benchmark: {
        against: 'without_skill',
        cases: [{ suiteId: 's', caseId: '1', caseName: 'fills forms', engine: 'x', ...comparison }],
        overall: comparison,
      },
    });
    expect(text).toContain(
      'Benchmark: with_skill vs without_skill (means per execution; ± sd over fresh repeats, delta ± its standard error)',
    );
    expect(text).toContain(
      '  Overall — pass 100% vs 100% (±0) · time 2.0s ± 0ms vs 2.0s ± 0ms (±0) · tokens 1.2k ± 100 vs 2k ± 300 (−760 ± 180) · turns 3 ± 1 vs 5 ± 1 (−2 ± 0.8) · tool calls 2.5 ± 0.5 vs 6 ± 0.5 (−3.5 ± 0.4) · cost $0.0120 ± $0.0010 vs $0.0200 ± $0.0010 (−$0.0080 ± $0.0008) → same pass rate, 38% fewer tokens, as fast\n',
    );
  });

  it('says a lower pass rate is worse whatever it saves, and gives a summary written before efficiency fields no turns or cost', async () => {
    const comparison = {
      withSkill: side('with_skill', 0.5, 1000, 500),
      other: side('without_skill', 1, 1000, 1000),
      delta: { passRate: -0.5, durationMs: 0, tokens: -500 },
    };
    const text = await render({
      benchmark: {
        against: 'baseline',
        cases: [{ suiteId: 's', caseId: '1', caseName: 'c', engine: 'x', ...comparison }],
        overall: comparison,
      },
    });
    expect(text).toContain(
      '  Overall — pass 50% vs 100% (−50%) · time 1.0s vs 1.0s (±0) · tokens 500 vs 1k (−500) → lower pass rate, 50% fewer tokens, as fast\n',
    );
    expect(text).not.toMatch(/turns|tool calls|cost \$/);
  });

  it('says cached executions apart, and compares no time or tokens that only cached executions would give', async () => {
    const cached = {
      withSkill: { ...side('with_skill', 1, 0, 0), cached: 2 },
      other: side('without_skill', 0.5, 1000, 2000),
      delta: { passRate: 0.5 },
    };
    const text = await render({
      benchmark: {
        against: 'without_skill',
        cases: [{ suiteId: 's', caseId: '1', caseName: 'extracts tables', engine: 'x', ...cached }],
        overall: cached,
      },
    });
    expect(text).toContain('  s › extracts tables — pass 100% vs 50% (+50%) · time and tokens not compared (cached)');
    expect(text).not.toMatch(/time 0ms/);
    expect(text).toContain(
      '  2 executions were reused from the cache: counted in the pass rates, left out of time, tokens, turns, tool calls and cost (--no-cache measures every one).',
    );
  });

  it('prints trigger cases as how often the skill fired per arm, and no overall pass rate made of them', async () => {
    const fired = (variant: string, triggerRate: number) => ({ ...side(variant, triggerRate, 1000, 500), triggerRate });
    const trigger = {
      withSkill: fired('with_skill', 1),
      other: fired('without_skill', 0),
      delta: { passRate: 1, durationMs: 0, tokens: 0, triggerRate: 1 },
    };
    const text = await render({
      benchmark: {
        against: 'without_skill',
        cases: [{ suiteId: 's', caseId: 'q', caseName: 'make a pdf', engine: 'x', shouldTrigger: true, ...trigger }],
        overall: trigger,
        triggers: { shouldTrigger: trigger },
      },
    });
    expect(text).toContain('  s › make a pdf — fired 100% vs 0% (+100%) (should trigger) · time 1.0s vs 1.0s (±0)');
    expect(text).not.toContain('Overall');
    expect(text).toContain(
      '  Triggers — should trigger: fired 100% vs 0% (+100%) (without_skill: information, not a failure)',
    );
  });

  it('prints nothing about a benchmark when the run had none', async () => {
    expect(await render({})).not.toContain('Benchmark');
  });
});
