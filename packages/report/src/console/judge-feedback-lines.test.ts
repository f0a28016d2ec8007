import type { JudgeFeedback } from '@skill-eval/core';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { caseResult, runSummary } from '../test-support/results.js';
import { renderJudgeFeedback } from './judge-feedback-lines.js';
import { renderRunTotals } from './run-totals.js';

const colors = pc.createColors(false);
const judged = (executionId: string, caseId: string, feedback?: JudgeFeedback) =>
  caseResult({
    executionId,
    caseId,
    caseName: `case ${caseId}`,
    judge: { engine: 'anthropic', promptVersion: 'judge-v7', ...(feedback ? { feedback } : {}) },
  });
const weak = { assertion: 'brief.md exists', kind: 'weak' as const, reason: 'An empty brief.md would also pass.' };

describe("the judge's remarks on the criteria in the closing lines", () => {
  it('lists each case with its distinct remarks once, however many runs repeated them', () => {
    const results = [
      judged('a1', 'A1', { suggestions: [weak], overall: 'Structure only.' }),
      judged('a2', 'A1', { suggestions: [weak, { kind: 'missing', reason: 'Nothing checks the price.' }] }),
      judged('b1', 'B1', { suggestions: [], overall: 'No suggestions; the criteria look solid.' }),
      judged('c1', 'C1'),
    ];
    expect(renderJudgeFeedback(results, colors)).toEqual([
      'The judge flagged criteria of 1 case (verdicts unchanged; judge.feedback in results.jsonl):',
      '  skills/pdf/evals.json › case A1',
      '    ? weak · "brief.md exists": An empty brief.md would also pass.',
      '    ? missing · Nothing checks the price.',
      '    Structure only.',
    ]);
    expect(renderJudgeFeedback(results, colors, true)).toEqual([
      'The judge flagged criteria of 1 case (verdicts unchanged; judge.feedback in results.jsonl)',
    ]);
  });

  it('lists a few cases and counts the rest', () => {
    const results = Array.from({ length: 7 }, (_, i) => judged(`e${i}`, `C${i}`, { suggestions: [weak] }));
    const lines = renderJudgeFeedback(results, colors);
    expect(lines.filter((line) => line.startsWith('  skills/pdf/evals.json ›'))).toHaveLength(5);
    expect(lines.at(-1)).toBe('  … and 2 more cases');
  });

  it('prints nothing when the judge flagged nothing, and stands in the run totals when it did', () => {
    expect(renderJudgeFeedback([judged('x', 'X')], colors)).toEqual([]);
    const results = [judged('a1', 'A1', { suggestions: [weak] })];
    const totals = renderRunTotals(runSummary(results, '/runs/r'), results, colors, '/');
    expect(totals).toContain('? weak · "brief.md exists": An empty brief.md would also pass.');
    expect(totals.indexOf('The judge flagged')).toBeLessThan(totals.indexOf('Results:'));
  });
});
