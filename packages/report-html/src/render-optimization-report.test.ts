import { describe, expect, it } from 'vitest';
import { type OptimizationReport, renderOptimizationReport } from './render-optimization-report.js';

const q = (query: string, shouldTrigger: boolean, triggers: number, pass: boolean) => ({
  query,
  shouldTrigger,
  triggers,
  runs: 3,
  rate: triggers / 3,
  pass,
});

const report: OptimizationReport = {
  skill: { name: 'sheets', file: '../sheets/SKILL.md' },
  engine: 'claude-code 2.1.330',
  proposer: 'anthropic:claude-x',
  split: { holdout: 0.4, seed: 42, train: 2, test: 1 },
  runsPerQuery: 3,
  threshold: 0.5,
  triggerDetection: 'first-tool',
  exitReason: 'max-iterations',
  originalDescription: 'Formats <b>tables</b>.',
  best: { iteration: 2, description: 'Use for spreadsheets.' },
  candidates: [
    {
      iteration: 1,
      description: 'Formats <b>tables</b>.',
      train: { passed: 1, total: 2, queries: [q('pivot <orders>', true, 0, false), q('haiku', false, 0, true)] },
      test: { passed: 0, total: 1, queries: [q('SUM in budget.xlsx', true, 1, false)] },
      costUsd: 0.01,
      tokens: 1200,
      runDir: 'iteration-1/run',
    },
    {
      iteration: 2,
      description: 'Use for spreadsheets.',
      train: { passed: 2, total: 2, queries: [q('pivot <orders>', true, 3, true), q('haiku', false, 0, true)] },
      test: { passed: 1, total: 1, queries: [q('SUM in budget.xlsx', true, 2, true)] },
      costUsd: 0.02,
      tokens: 1500,
      proposal: { costUsd: 0.003, tokens: 900 },
      runDir: 'iteration-2/run',
    },
  ],
  totals: { costUsd: 0.033, tokens: 3600 },
  applied: false,
};

describe('renderOptimizationReport', () => {
  const page = renderOptimizationReport(report);
  it('escapes every string and loads nothing', () => {
    expect(page).not.toContain('<b>tables</b>');
    expect(page).toContain('Formats &lt;b&gt;tables&lt;/b&gt;.');
    expect(page).toContain('pivot &lt;orders&gt;');
    expect(page).toContain("default-src 'none'");
    expect(page).not.toMatch(/https?:\/\//);
  });
  it('marks the best row and the held-out columns, with each query’s runs', () => {
    expect(page).toMatch(/<tr class="best"><td>2 <strong>best<\/strong>/);
    expect(page).toMatch(/<th class="q test" scope="col">SUM in budget.xlsx<span class="rate">should fire · held out/);
    expect(page.match(/<td class="r test">/g)).toHaveLength(2);
    expect(page).toContain('<span class="fail">✗</span><span class="rate">1/3</span>');
    expect(page).toContain('iteration 2: 1/1 held out, 2/2 training — chosen by held-out score');
    expect(page).toContain('unchanged (--apply writes the best description)');
  });
});
