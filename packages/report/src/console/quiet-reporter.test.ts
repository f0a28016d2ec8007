import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeStream } from '../test-support/fake-stream.js';
import { caseOutcome, caseResult, runSummary } from '../test-support/results.js';
import { createQuietConsoleReporter } from './quiet-reporter.js';

const cwd = path.resolve('/tmp/project');
const outDir = path.join(cwd, 'out');
const side = (variant: string, passRate: number) => ({
  variant,
  executions: 2,
  passRate,
  meanDurationMs: 1000,
  meanTokens: 100,
});

describe('console: --quiet', () => {
  it('prints the totals only: no line per repeated case or per benchmarked case', async () => {
    const stream = new FakeStream(false);
    const reporter = createQuietConsoleReporter({ stream, cwd, color: false });
    const results = [caseResult()];
    const comparison = {
      withSkill: side('with_skill', 1),
      other: side('without_skill', 0.5),
      delta: { passRate: 0.5, durationMs: 0, tokens: 0 },
    };
    const outcome = caseOutcome({ k: 3, passAtK: 1, passHatK: 0 });
    await reporter.onRunEnd?.(
      runSummary(results, outDir, {
        caseTotals: { cases: 1, passed: 0, failed: 1, errors: 0, skipped: 0 },
        cases: [outcome],
        benchmark: {
          against: 'without_skill',
          cases: [{ suiteId: 'skills/pdf/evals.json', caseId: '1', caseName: 'writes', engine: 'x', ...comparison }],
          overall: comparison,
        },
      }),
      results,
    );
    const text = stream.text;
    expect(text).toContain('1 cases · 0 passed · 1 failed · 0 errors · 0 skipped');
    expect(text).toContain('  Overall — pass 100% vs 50% (+50%)');
    expect(text).toContain('Results: out');
    // Nothing names a case.
    expect(text).not.toContain('writes');
    expect(text).not.toContain('pass@3');
  });

  it('counts the executions that had warnings, without listing them', async () => {
    const stream = new FakeStream(false);
    const reporter = createQuietConsoleReporter({ stream, cwd, color: false });
    const warned = caseResult({
      session: { status: 'completed', engineId: 'codex', warnings: ['codex has no turn limit'] },
    });
    const results = [warned, caseResult({ executionId: 'e2' })];
    await reporter.onRunEnd?.(runSummary(results, outDir), results);
    expect(stream.text).toContain('Warnings in 1 of 2 executions (per execution in results.jsonl)\n');
    expect(stream.text).not.toContain('codex has no turn limit');
  });

  it('prints no string of a result, and the summary’s strings terminal-safe', async () => {
    const stream = new FakeStream(false);
    const reporter = createQuietConsoleReporter({ stream, cwd, color: false });
    const hostile = '\u001b]0;owned\u0007\u001b[2J';
    const results = [
      caseResult({
        caseName: hostile,
        session: { status: 'completed', engineId: 'codex', warnings: [hostile] },
        judge: {
          engine: 'fake',
          promptVersion: '1',
          feedback: { suggestions: [{ assertion: hostile, kind: 'weak', reason: hostile }], overall: hostile },
        },
      }),
    ];
    await reporter.onRunEnd?.({ ...runSummary(results, outDir), tampered: [`results.jsonl ${hostile}`] }, results);
    expect(stream.text).not.toContain('\u001b');
    expect(stream.text).toContain('\\x1b]0;owned');
    expect(stream.text).toContain('Warnings in 1 of 1 executions');
    expect(stream.text).toContain('The judge flagged criteria of 1 case');
  });
});
