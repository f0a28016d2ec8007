import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { caseResult } from '../test-support/results.js';
import { renderResultsTable } from './results-table.js';

const plain = pc.createColors(false);
const longReason = 'the judge found that fields 3, 5 and 7 were left blank and the signature was missing';
const results = [
  caseResult({ executionId: 'a', caseName: 'extract the totals table from invoice.pdf' }),
  caseResult({
    executionId: 'b',
    caseName: 'fill the W-9 form',
    status: 'failed',
    score: 0.25,
    checks: [{ type: 'llm-rubric', name: 'every field filled', passed: false, score: 0, evidence: longReason }],
  }),
];

describe('renderResultsTable', () => {
  it('names a single suite above the table and keeps every row within a wide terminal', async () => {
    const lines = (await renderResultsTable(results, plain, 140)).split('\n');
    expect(lines[0]).toBe('Suite skills/pdf/evals.json');
    expect(lines[1]).toMatch(/^Status +Case +Engine +Variant\/run +Score +Tokens in\/out +Cost +Time +Reason$/);
    expect(lines.find((line) => line.includes('fill the W-9 form'))).toMatch(
      /✗ FAIL .*0\.25 .*every field filled: the judge/,
    );
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(140);
  });

  it('shows a suite column when results come from several suites', async () => {
    const mixed = [
      ...results,
      caseResult({ executionId: 'c', suiteId: 'skills/pdf/evals/triggers.json', caseName: 'fires' }),
    ];
    const lines = (await renderResultsTable(mixed, plain, 200)).split('\n');
    expect(lines[0]).toMatch(/^Status +Suite +Case/);
    expect(lines.find((line) => line.includes('fires'))).toContain('skills/pdf/evals/triggers.json');
  });

  it('tells suites apart when their paths are cut to fit, though the paths end alike', async () => {
    const twoSkills = ['examples/csv-summary/evals/evals.json', 'examples/pirate-greeting/evals/evals.json'].map(
      (suiteId, i) => caseResult({ executionId: `s${i}`, suiteId, caseName: 'a case with a long enough name' }),
    );
    const lines = (await renderResultsTable(twoSkills, plain, 80)).split('\n');
    const suites = lines.slice(2).map((line) => line.split(/ {2,}/)[1]);
    expect(new Set(suites).size).toBe(2);
    expect(suites[0]).toContain('csv-sum');
    expect(suites[1]).toContain('pirate-g');
  });

  it('moves reasons under the table when a narrow terminal cannot hold them', async () => {
    const lines = (await renderResultsTable(results, plain, 100)).split('\n');
    expect(lines[1]).not.toContain('Reason');
    const label = lines.indexOf('✗ FAIL skills/pdf/evals.json › fill the W-9 form [claude-code]');
    expect(label).toBeGreaterThan(2);
    // The reason gets the whole line, cut at the terminal's edge.
    expect(lines[label + 1]).toBe(`${`    every field filled: ${longReason}`.slice(0, 99)}…`);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('numbers every run of a repeated case in the reasons under the table, the first one too', async () => {
    const failing = results[1]!;
    const repeated = [1, 2].map((run) => ({ ...failing, executionId: `b${run}`, run }));
    const lines = (await renderResultsTable(repeated, plain, 100)).split('\n');
    const labels = lines.filter((line) => line.startsWith('✗ FAIL skills/pdf/evals.json'));
    expect(labels).toEqual([
      '✗ FAIL skills/pdf/evals.json › fill the W-9 form [claude-code, #1]',
      '✗ FAIL skills/pdf/evals.json › fill the W-9 form [claude-code, #2]',
    ]);
  });
});
