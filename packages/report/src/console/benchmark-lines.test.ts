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

  it('prints nothing about a benchmark when the run had none', async () => {
    expect(await render({})).not.toContain('Benchmark');
  });
});
