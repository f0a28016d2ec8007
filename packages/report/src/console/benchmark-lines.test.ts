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
      '  skills/pdf/evals.json › extracts tables — pass 100% vs 50% (+50%) · time 2.5s vs 1.0s (+1.5s) · tokens 1.5k vs 2k (−500)',
    );
    expect(text).toContain('  Overall — pass 100% vs 50% (+50%)');
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
      '  2 executions were reused from the cache: counted in the pass rates, left out of time and tokens (--no-cache measures every one).',
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
