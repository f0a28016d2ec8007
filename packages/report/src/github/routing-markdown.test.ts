import { routingSummaries } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../run-dir/read-run-dir.js';
import { caseResult, routedRun, runSummary } from '../test-support/results.js';
import { prCommentMarkdown } from './pr-comment.js';
import { MAX_MATRIX_LABELS, MAX_MISROUTED_ROWS, routingMarkdown } from './routing-markdown.js';
import { stepSummaryMarkdown } from './step-summary.js';

const runs = [
  routedRun('1', 'Make a PDF of this', 'pdf', 'pdf'),
  routedRun('1', 'Make a PDF of this', 'pdf', 'csv'),
  routedRun('2', 'Sum sales.csv', 'csv', 'csv'),
  routedRun('2', 'Sum sales.csv', 'csv', 'csv'),
  routedRun('3', 'Hello there', null, 'pdf'),
  routedRun('3', 'Hello there', null, null),
  // Errored: routed nothing, so it is in no cell of the matrix.
  routedRun('3', 'Hello there', null, 'csv', { status: 'error', error: { code: 'TIMEOUT', message: 'slow' } }),
];

describe('routing in the step summary and the pull-request comment', () => {
  const md = routingMarkdown(routingSummaries(runs)).join('\n');

  it('shows the confusion matrix, diagonal in bold, with each skill’s precision and recall', () => {
    expect(md).toContain('### Routing: 4/6 runs to the right skill (67%)\n');
    expect(md).toContain('| Expected ↓ / chose → | pdf | csv | (none) | Precision | Recall |\n');
    // pdf: 1 of its 2 queries went to it; 2 runs went to it (one from "Hello there"), 1 of them right.
    expect(md).toContain('| pdf | **1** | 1 | 0 | 50% | 50% |\n');
    expect(md).toContain('| csv | 0 | **2** | 0 | 67% | 100% |\n');
    expect(md).toContain('| (none) | 1 | 0 | **1** | 100% | 50% |\n');
    expect(md).toContain('1 runs not routed: they errored or were skipped.');
  });

  it('lists the queries that went to the wrong skill, with where they went in how many runs', () => {
    expect(md).toContain('| Query | Suite | Expected | Went to |\n');
    expect(md).toContain('| Make a PDF of this | skills/evals/routing.json | pdf | csv 1/2 |');
    expect(md).toContain('| Hello there | skills/evals/routing.json | (none) | pdf 1/2 |');
    expect(md).not.toContain('| Sum sales.csv |');
  });

  it('is in the step summary and the PR comment from the run summary’s routing tables', () => {
    const summary = runSummary(runs, '/tmp/run', { routing: routingSummaries(runs) });
    const step = stepSummaryMarkdown(runs, summary);
    expect(step).toContain(md);
    // Without a summary (an interrupted run), the same tables from the results.
    expect(stepSummaryMarkdown(runs)).toContain(md);
    const record: RunRecord = { runDir: '/tmp/run', results: runs, summary };
    expect(prCommentMarkdown(record)).toContain(md);
    // The summary's tables are rendered as they are, not recomputed.
    const other = routingSummaries(runs.slice(0, 4));
    expect(stepSummaryMarkdown(runs, { ...summary, routing: other })).toContain(
      '### Routing: 3/4 runs to the right skill (75%)',
    );
  });

  it('names each table’s engine and variant when there are several', () => {
    const both = [...runs, ...runs.map((r) => ({ ...r, executionId: `${r.executionId}-b`, engine: 'anthropic' }))];
    const text = routingMarkdown(routingSummaries(both)).join('\n');
    expect(text).toContain('### Routing (claude-code, with_skill): 4/6');
    expect(text).toContain('### Routing (anthropic, with_skill): 4/6');
  });

  it('keeps names from someone else’s summary.json within the heading, as text', () => {
    const [table] = routingSummaries(runs);
    const forged = {
      ...table!,
      engine: 'x)\n<!-- skill-eval:pr-comment -->\n<img src=//e.example/p>',
      variant: '**v**',
    };
    const [heading] = routingMarkdown([forged, forged]);
    expect(heading!.split('\n')).toHaveLength(1);
    expect(heading).not.toContain('<img');
    expect(heading).not.toContain('<!--');
    expect(heading).not.toContain('**v**');
  });

  it('folds a matrix too wide for a comment into per-skill counts, and caps the misrouted queries', () => {
    const skills = Array.from({ length: MAX_MATRIX_LABELS }, (_, i) => `skill-${i}`);
    const many = Array.from({ length: MAX_MISROUTED_ROWS + 3 }, (_, i) =>
      caseResult({
        executionId: `m${i}`,
        caseId: `q${i}`,
        caseName: `query ${i}`,
        kind: 'trigger',
        status: 'failed',
        score: 0,
        routing: { expected: skills[i % skills.length], chosen: null, skills },
      }),
    );
    const text = routingMarkdown(routingSummaries(many)).join('\n');
    expect(text).not.toContain('Expected ↓ / chose →');
    expect(text).toContain('| Skill | Should go to it | Went to it | Right | Precision | Recall |\n');
    // 28 queries over 10 skills: skill-0 gets queries 0, 10, 20; all of them went to no skill.
    expect(text).toContain('| skill-0 | 3 | 0 | 0 | — | 0% |');
    expect(text).toContain('| (none) | 0 | 28 | 0 | 0% | — |');
    expect(text).toContain('10 skills: the whole matrix is in summary.json and the HTML report.');
    expect(text.match(/^\| query \d+ \|/gm)).toHaveLength(MAX_MISROUTED_ROWS);
    expect(text).toContain('…and 3 more.');
  });

  it('adds nothing to a run without routing cases', () => {
    const plain = [caseResult()];
    expect(routingMarkdown(routingSummaries(plain))).toEqual([]);
    expect(stepSummaryMarkdown(plain, runSummary(plain, '/tmp/run'))).not.toContain('Routing');
  });
});
