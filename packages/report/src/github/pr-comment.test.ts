import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../run-dir/read-run-dir.js';
import { caseResult, runSummary } from '../test-support/results.js';
import { PR_COMMENT_MARKER, prCommentMarkdown } from './pr-comment.js';

const r = (caseId: string, status: 'passed' | 'failed', extra: Record<string, unknown> = {}) =>
  caseResult({
    executionId: `${caseId}-${extra.variant ?? 'with_skill'}`,
    caseId,
    caseName: `case ${caseId}`,
    status,
    score: status === 'passed' ? 1 : 0,
    ...extra,
  });
const record = (runDir: string, results: ReturnType<typeof r>[], summary: Record<string, unknown> = {}): RunRecord => ({
  runDir,
  results,
  summary: runSummary(results, runDir, summary),
});

describe('prCommentMarkdown', () => {
  const base = record('runs/base', [r('stable', 'passed'), r('regress', 'passed'), r('fixed', 'failed')]);
  const head = record('runs/head', [r('stable', 'passed'), r('regress', 'failed'), r('fixed', 'passed')]);

  it('opens with the marker the action finds its own comment by, then the verdicts', () => {
    const text = prCommentMarkdown(head);
    expect(text.split('\n')[0]).toBe(PR_COMMENT_MARKER);
    expect(text).toContain('## skill-eval: 1 of 3 executions did not pass');
    expect(text).not.toContain('Against the base branch');
  });

  it('lists the cases newly failing and newly passing against the base branch’s run, with their deltas', () => {
    const text = prCommentMarkdown(head, { base });
    expect(text).toContain('### Against the base branch: 1 newly failing, 1 newly passing');
    expect(text).toContain('1 cases unchanged');
    const failing = text.slice(text.indexOf('**Newly failing**'), text.indexOf('**Newly passing**'));
    expect(failing).toMatch(/\| case regress \| .* \| passed \| failed \| -100 pts \|/);
    expect(text.slice(text.indexOf('**Newly passing**'))).toMatch(
      /\| case fixed \| .* \| failed \| passed \| \+100 pts \|/,
    );
  });

  it('shows the skill’s effect from a benchmark: pass rate, tokens and time, with against without', () => {
    const side = (variant: string, passRate: number, meanTokens: number, meanDurationMs: number) => ({
      variant,
      executions: 4,
      passRate,
      meanTokens,
      meanDurationMs,
    });
    const overall = {
      withSkill: side('with_skill', 1, 1500, 20_000),
      other: side('without_skill', 0.5, 4000, 32_000),
      delta: { passRate: 0.5, tokens: -2500, durationMs: -12_000 },
    };
    const text = prCommentMarkdown(
      record('runs/b', [r('a', 'passed')], { benchmark: { against: 'without_skill', cases: [], overall } }),
    );
    expect(text).toContain("### The skill's effect (with against without it)");
    expect(text).toMatch(/\| Pass rate \| 100% \| 50% \| \+50 pts \|/);
    expect(text).toMatch(/\| Tokens per execution \| 1\.5k \| 4k \| -2\.5k \|/);
    expect(text).toMatch(/\| Time per execution \| 20\.0s \| 32\.0s \| -12\.0s \|/);
    // A summary written before turns, tool calls and cost were recorded has no rows for them.
    expect(text).not.toContain('Turns per execution');
    expect(text).toContain('**higher pass rate, 63% fewer tokens, 38% faster.**');
  });

  it('shows turns, tool calls and cost per execution, and says a skill with the same pass rate and fewer tokens is better', () => {
    const side = (variant: string, meanTokens: number, meanTurns: number, meanToolCalls: number, cost: number) => ({
      variant,
      executions: 2,
      passRate: 1,
      meanTokens,
      meanDurationMs: 10_000,
      measured: 2,
      meanTurns,
      meanToolCalls,
      meanCostUsd: cost,
    });
    const overall = {
      withSkill: side('with_skill', 620, 3, 2.5, 0.01),
      other: side('without_skill', 1000, 5, 6, 0.02),
      delta: { passRate: 0, tokens: -380, durationMs: 0, turns: -2, toolCalls: -3.5, costUsd: -0.01 },
    };
    const text = prCommentMarkdown(
      record('runs/b', [r('a', 'passed')], { benchmark: { against: 'without_skill', cases: [], overall } }),
    );
    expect(text).toMatch(/\| Turns per execution \| 3 \| 5 \| -2 \|/);
    expect(text).toMatch(/\| Tool calls per execution \| 2\.5 \| 6 \| -3\.5 \|/);
    expect(text).toMatch(/\| Cost per execution \| \$0\.0100 \| \$0\.0200 \| -\$0\.0100 \|/);
    expect(text).toContain('**same pass rate, 38% fewer tokens, as fast.**');
  });

  it('keeps text from eval files as text: no mention pings, no HTML, no broken table, no second marker line', () => {
    const hostile = record('runs/h', [
      r('x', 'failed', { caseName: `@octocat ping | <img src=x> \n${PR_COMMENT_MARKER}` }),
    ]);
    const text = prCommentMarkdown(hostile, { base, reportUrl: 'https://ci.example/run/1 (x)' });
    expect(text).not.toMatch(/@octocat/);
    expect(text).toContain('@\u200doctocat');
    expect(text).not.toContain('<img');
    expect(text.split('\n').filter((line) => line === PR_COMMENT_MARKER)).toHaveLength(1);
    expect(text).toContain('[The full report and the run directory](https://ci.example/run/1%20%28x%29)');
  });

  it('caps each list and says how many more changed', () => {
    const many = Array.from({ length: 30 }, (_, i) => `c${i}`);
    const before = record(
      'runs/a',
      many.map((id) => r(id, 'passed')),
    );
    const after = record(
      'runs/b',
      many.map((id) => r(id, 'failed')),
    );
    const text = prCommentMarkdown(after, { base: before });
    const listed = text.slice(text.indexOf('**Newly failing**'));
    expect(listed.match(/^\| case c\d+ /gm)).toHaveLength(25);
    expect(text).toContain('…and 5 more.');
  });
});
