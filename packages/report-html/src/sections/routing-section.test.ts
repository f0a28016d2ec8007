import { CaseResultSchema, routingSummaries } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../render-html-report.js';
import { sampleRun } from '../test-support/sample-run.js';
import { routingSection } from './routing-section.js';

const routed = (caseId: string, caseName: string, expected: string | null, chosen: string | null) =>
  CaseResultSchema.parse({
    executionId: `e-${caseId}-${chosen}`,
    suiteId: 'skills/routing.json',
    caseId,
    caseName,
    kind: 'trigger',
    variant: 'with_skill',
    engine: 'claude-code',
    run: 1,
    status: chosen === expected ? 'passed' : 'failed',
    score: chosen === expected ? 1 : 0,
    checks: [],
    routing: { expected, chosen, skills: ['pdf', 'csv'] },
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 5,
  });

const routing = routingSummaries([
  routed('1', 'Make a <b>PDF</b>', 'pdf', 'pdf'),
  routed('1', 'Make a <b>PDF</b>', 'pdf', 'csv'),
  routed('2', 'Hello', null, null),
]);

describe('HTML: routing section', () => {
  it('renders the matrix with right and wrong cells, precision and recall, and the misrouted queries, escaped', () => {
    const { summary } = sampleRun('/tmp/out');
    const out = routingSection({ ...summary, routing }).value;
    expect(out).toContain('2 of 3 runs went to the right skill (67%)');
    expect(out).toContain('<th scope="col" class="num">(none)</th>');
    // pdf row: 1 right, 1 to csv; precision 100% (one pdf pick, right), recall 50%.
    expect(out).toMatch(
      /<th scope="row">pdf<\/th><td class="num route-right">1<\/td><td class="num route-wrong">1<\/td><td class="num">0<\/td><td class="num">100%<\/td><td class="num">50%<\/td>/,
    );
    // csv: never expected, chosen once wrongly: precision 0%, recall —.
    expect(out).toMatch(/<th scope="row">csv<\/th>.*<td class="num">0%<\/td><td class="num">—<\/td>/);
    expect(out).toContain('Misrouted queries');
    expect(out).toContain('Make a &lt;b&gt;PDF&lt;/b&gt;');
    expect(out).toContain('csv (1 of 2)');
  });

  it('is in the page and its table of contents only when the run routed', async () => {
    const { summary, results } = sampleRun('/tmp/out');
    const withRouting = await renderHtmlReport({ summary: { ...summary, routing }, results });
    expect(withRouting).toContain('<a href="#routing-h">Routing</a>');
    expect(withRouting).toContain('<h2 id="routing-h">Routing</h2>');
    const without = await renderHtmlReport({ summary, results });
    expect(without).not.toContain('routing-h');
  });
});
