import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRunEnd } from '../test-support/render-run-end.js';
import { caseOutcome } from '../test-support/results.js';

const cwd = path.resolve('/tmp/project');
const outDir = path.join(cwd, 'out');

const render = (overrides: Record<string, unknown>) => renderRunEnd(overrides, cwd, outDir);

describe('console: repeat statistics', () => {
  it('adds pass@k, pass^k and mean ± sd under a repeated case, and marks it FLAKY', async () => {
    const outcome = caseOutcome({
      k: 3,
      passAtK: 1,
      passHatK: 0,
      flaky: true,
      score: { mean: 2 / 3, stddev: 0.57735 },
      durationMs: { mean: 1200, stddev: 300 },
      tokens: { mean: 1200, stddev: 80 },
    });
    const text = await render({
      caseTotals: { cases: 2, passed: 1, failed: 1, errors: 0, skipped: 0 },
      cases: [
        outcome,
        { ...outcome, caseName: 'steady', flaky: false, passHatK: 1, passed: 3, failed: 0, passRate: 1 },
      ],
    });
    expect(text).toContain('  ✗ FAIL skills/pdf/evals.json › writes [claude-code] — 2/3 runs passed (67%) FLAKY');
    expect(text).toContain('      pass@3 1 · pass^3 0 · score 0.67 ± 0.58 · time 1.2s ± 300ms · tokens 1.2k ± 80');
    expect(text).toMatch(/steady \[claude-code\] — 3\/3 runs passed \(100%\)\n/);
  });
});
