import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeStream } from '../test-support/fake-stream.js';
import { caseOutcome, caseResult, runSummary } from '../test-support/results.js';
import { githubAnnotations } from './annotations.js';
import { createGithubAnnotationsReporter, createGithubSummaryReporter } from './github-reporters.js';
import { stepSummaryMarkdown } from './step-summary.js';
import { escapeCommandData, escapeCommandProperty, workflowCommand } from './workflow-command.js';

const failing = caseResult({
  executionId: 'f',
  caseId: '2',
  caseName: 'signs, then: files | 100%',
  status: 'failed',
  score: 0,
  checks: [{ type: 'contains', name: 'signs', passed: false, score: 0, evidence: 'no signature\nat all' }],
});
const erroring = caseResult({
  executionId: 'e',
  caseId: '3',
  caseName: 'slow',
  engine: 'anthropic',
  status: 'error',
  score: 0,
  checks: [],
  error: { code: 'TIMEOUT', message: 'did not return within 60 s' },
});
const results: CaseResult[] = [caseResult(), failing, erroring];
const cases = {
  format: 'skill-eval-cases-v1' as const,
  cases: [
    {
      suiteId: failing.suiteId,
      caseId: '2',
      name: 'x',
      kind: 'task' as const,
      file: 'skills/pdf/evals.json',
      line: 12,
      turns: ['p'],
      assertions: [],
    },
  ],
};

describe('GitHub workflow commands', () => {
  it("escape the message's %, CR and LF, and also ':' and ',' in properties", () => {
    expect(escapeCommandData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeCommandProperty('a: b, c%\n')).toBe('a%3A b%2C c%25%0A');
    expect(workflowCommand('error', { file: 'a,b.json', line: 3, title: undefined }, 'x')).toBe(
      '::error file=a%2Cb.json,line=3::x',
    );
  });

  it('one ::error per failed or errored case, at its file and line', () => {
    const lines = githubAnnotations(results, { cases });
    expect(lines).toEqual([
      '::error file=skills/pdf/evals.json,line=12,title=skill-eval%3A signs%2C then%3A files | 100%25 failed (claude-code%2C with_skill)::signs: no signature%0Aat all',
      '::error file=skills/pdf/evals.json,title=skill-eval%3A slow errored (anthropic%2C with_skill)::TIMEOUT: did not return within 60 s',
    ]);
  });
});

describe('GitHub step summary', () => {
  it('has totals, the engine × variant table, trigger rates and the failed cases with reasons', () => {
    const trigger = caseResult({
      executionId: 't',
      caseId: 't1',
      caseName: 'fires on pdf',
      kind: 'trigger',
      checks: [],
      triggered: true,
    });
    const all = [...results, trigger];
    const summary = runSummary(all, '/tmp/run', {
      groups: [
        {
          engine: 'claude-code',
          variant: 'with_skill',
          executions: 3,
          passed: 2,
          failed: 1,
          errors: 0,
          passRate: 2 / 3,
          costUsd: 0.03,
          durationMs: 3000,
          usage: { inputTokens: 10, outputTokens: 5 },
        },
        {
          engine: 'anthropic',
          variant: 'with_skill',
          executions: 1,
          passed: 0,
          failed: 0,
          errors: 1,
          passRate: 0,
          costUsd: 0,
          durationMs: 1000,
          usage: {},
        },
      ],
      cases: [
        caseOutcome({
          suiteId: trigger.suiteId,
          caseId: 't1',
          caseName: 'fires on pdf',
          kind: 'trigger',
          meanScore: 0.67,
          status: 'passed',
          trigger: { shouldTrigger: true, triggers: 2, rate: 0.667, threshold: 0.5 },
        }),
      ],
    });
    const md = stepSummaryMarkdown(all, summary);
    expect(md).toMatch(/^## skill-eval: 2 of 4 executions did not pass\n/);
    expect(md).toContain('| 4 | 2 | 1 | 1 | 0 |');
    expect(md).toContain('### By engine and variant');
    expect(md).toContain('| claude-code | with_skill | 3 | 2 | 1 | 0 | 67% |');
    expect(md).toContain('| fires on pdf | claude-code | with_skill | yes | 2/3 | 67% | 50% | passed |');
    expect(md).toContain(
      '| signs, then: files \\| 100% | skills/pdf/evals.json | claude-code | with_skill | failed | signs: no signature at all |',
    );
    expect(md).toContain(
      '| slow | skills/pdf/evals.json | anthropic | with_skill | error | TIMEOUT: did not return within 60 s |',
    );
  });
  it("shows HTML in a case's reason as text, so an agent's markup cannot open elements in the summary", () => {
    const html = caseResult({
      executionId: 'h',
      caseId: 'h1',
      caseName: 'renders <b>',
      status: 'failed',
      score: 0,
      checks: [
        { type: 'contains', name: 'table', passed: false, score: 0, evidence: 'answer: <details><table><tr> & <!--' },
      ],
    });
    const md = stepSummaryMarkdown([html], runSummary([html], '/tmp/run'));
    const row = md.split('\n').find((line) => line.startsWith('| renders'));
    expect(row).toBe(
      `| renders &lt;b&gt; | ${html.suiteId} | claude-code | with_skill | failed | table: answer: &lt;details&gt;&lt;table&gt;&lt;tr&gt; &amp; &lt;!-- |`,
    );
  });
});

describe('GitHub reporters read the run directory (what was written there is redacted)', () => {
  // A run directory's cases.json holds every case of its results (reading refuses a result of another case).
  const every = (index: typeof cases) => {
    const held = new Set(index.cases.map((c) => c.caseId));
    const others = results.filter((r) => !held.has(r.caseId));
    return {
      ...index,
      cases: [...index.cases, ...others.map((r) => ({ ...index.cases[0]!, caseId: r.caseId, suiteId: r.suiteId }))],
    };
  };
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('append to $GITHUB_STEP_SUMMARY and print annotations from results.jsonl', async () => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-gh-'));
    writeFileSync(join(dir, 'results.jsonl'), results.map((r) => `${JSON.stringify(r)}\n`).join(''));
    writeFileSync(join(dir, 'cases.json'), JSON.stringify(every(cases)));
    const file = join(dir, 'step-summary.md');
    writeFileSync(file, '# earlier step\n');
    const summary = runSummary(results, dir);
    const stream = new FakeStream(false);
    const reporters = [createGithubSummaryReporter({ file }), createGithubAnnotationsReporter({ stream })];
    for (const r of reporters) await r.onRunStart?.([], dir);
    // The in-memory results are not what gets reported: only what the run directory holds.
    for (const r of reporters) await r.onRunEnd?.(summary, []);
    const md = readFileSync(file, 'utf8');
    expect(md.startsWith('# earlier step\n## skill-eval: 2 of 3 executions did not pass')).toBe(true);
    expect(stream.text.split('\n').filter(Boolean)).toEqual(githubAnnotations(results, { cases: every(cases) }));
  });

  it('name each eval file relative to the checkout ($GITHUB_WORKSPACE), not to where the run started', async () => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-gh-'));
    writeFileSync(join(dir, 'results.jsonl'), results.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const outside = {
      ...cases.cases[0]!,
      caseId: '3',
      suiteId: erroring.suiteId,
      file: '../../../elsewhere/evals.json',
    };
    writeFileSync(join(dir, 'cases.json'), JSON.stringify(every({ ...cases, cases: [...cases.cases, outside] })));
    const stream = new FakeStream(false);
    // The run started in a sub-folder of the checkout, as a job step with `working-directory: tools/evals` does.
    const reporter = createGithubAnnotationsReporter({ stream, workspace: '/repo', cwd: '/repo/tools/evals' });
    await reporter.onRunStart?.([], dir);
    await reporter.onRunEnd?.(runSummary(results, dir), []);
    const files = stream.text.match(/file=[^,]*/g);
    expect(files).toEqual(['file=tools/evals/skills/pdf/evals.json', 'file=../../../elsewhere/evals.json']);
  });
});
