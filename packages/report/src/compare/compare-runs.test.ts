import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../run-dir/read-run-dir.js';
import { caseResult } from '../test-support/results.js';
import { compareRuns } from './compare-runs.js';
import { comparisonHtml } from './comparison-html.js';
import { comparisonText } from './comparison-text.js';

const run = (runDir: string, results: ReturnType<typeof caseResult>[]): RunRecord => ({ runDir, results });
const r = (caseId: string, status: 'passed' | 'failed' | 'error' | 'skipped', extra: Record<string, unknown> = {}) =>
  caseResult({
    executionId: `${caseId}-${extra.variant ?? 'with_skill'}-${extra.run ?? 1}`,
    caseId,
    caseName: `case ${caseId}`,
    status,
    score: status === 'passed' ? 1 : 0,
    ...extra,
  });

describe('compareRuns', () => {
  const before = run('runs/a', [
    r('stable', 'passed'),
    r('regress', 'passed'),
    r('fixed', 'failed'),
    r('flaky', 'passed', { run: 1 }),
    r('flaky', 'passed', { run: 2 }),
    r('gone', 'passed'),
    r('other-variant', 'passed', { variant: 'without_skill' }),
    r('to-error', 'failed'),
  ]);
  const after = run('runs/b', [
    r('stable', 'passed', {
      session: { status: 'completed', engineId: 'claude-code', usage: { inputTokens: 99_999 }, costUsd: 9 },
    }),
    r('fixed', 'passed'),
    r('regress', 'failed'),
    r('flaky', 'passed', { run: 1 }),
    r('flaky', 'failed', { run: 2 }),
    r('new', 'failed'),
    r('other-variant', 'passed', { variant: 'without_skill' }),
    r('to-error', 'error', { error: { code: 'TIMEOUT', message: 'slow' } }),
  ]);

  it('lists exactly the changed cases: newly failing first, then newly passing, then the rest', () => {
    const c = compareRuns(before, after);
    expect(c.changes.map((ch) => [ch.kind, ch.caseId])).toEqual([
      ['newly-failing', 'regress'],
      ['newly-failing', 'flaky'],
      ['newly-passing', 'fixed'],
      ['changed', 'to-error'],
      ['added', 'new'],
      ['removed', 'gone'],
    ]);
    // Token and cost differences alone are no change; the same case in another variant is another case.
    expect(c.unchanged).toBe(2);
  });

  it('carries pass-rate, token and cost deltas per case and for the runs', () => {
    const c = compareRuns(before, after);
    const flaky = c.changes.find((ch) => ch.caseId === 'flaky');
    expect(flaky?.before).toMatchObject({ status: 'passed', runs: 2, passRate: 1 });
    expect(flaky?.after).toMatchObject({ status: 'failed', runs: 2, passRate: 0.5 });
    expect(flaky?.delta.passRate).toBe(-0.5);
    // A case in one run only gained or lost no pass rate; its tokens and cost come or go with it.
    const added = c.changes.find((ch) => ch.caseId === 'new');
    expect(added?.delta.passRate).toBeUndefined();
    expect(added?.delta.costUsd).toBeCloseTo(0.0123, 6);
    expect(c.changes.find((ch) => ch.caseId === 'gone')?.delta.passRate).toBeUndefined();
    expect(c.before).toMatchObject({ runDir: 'runs/a', executions: 8, passRate: 6 / 8 });
    expect(c.after.costUsd - c.before.costUsd).toBeCloseTo(9 - 0.0123, 6);
  });

  it('renders as a text table and as a self-contained HTML page', async () => {
    const c = compareRuns(before, after);
    const text = await comparisonText(c);
    expect(text).toContain('6 cases changed: 2 newly failing, 1 newly passing, 3 other; 2 the same.');
    const rows = text.split('\n').filter((l) => /^(newly|changed|added|removed)/.test(l));
    expect(rows.map((l) => l.split(/\s{2,}/)[0])).toEqual([
      'newly failing',
      'newly failing',
      'newly passing',
      'changed',
      'added',
      'removed',
    ]);
    expect(rows[1]).toMatch(/case flaky .* passed 2\/2 +failed 1\/2 +-50 pts/);
    expect(rows[4]).toMatch(/case new .* — +failed +— +/);
    expect(rows[5]).toMatch(/case gone .* passed +— +— +/);
    const html = comparisonHtml(c);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|https?:\/\//);
    expect(html.match(/<tr class="newly-failing">/g)).toHaveLength(2);
  });

  it('two identical runs: nothing changed', async () => {
    const c = compareRuns(before, { ...before, runDir: 'runs/a2' });
    expect(c.changes).toEqual([]);
    expect(await comparisonText(c)).toContain('No case changed (7 the same).');
  });
});
