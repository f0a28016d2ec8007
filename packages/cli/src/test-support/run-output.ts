import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult, RunSummary } from '@skill-eval/core';

/** The results a run wrote to `<runDir>/results.jsonl`, one per line, in the order they were written. */
export function readResults(runDir: string): CaseResult[] {
  return readFileSync(join(runDir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaseResult);
}

/** The run's results by case id (for runs with one execution per case). */
export const resultsByCase = (runDir: string): Map<string, CaseResult> =>
  new Map(readResults(runDir).map((r) => [r.caseId, r]));

/** The run's `summary.json`. */
export const readSummary = (runDir: string): RunSummary =>
  JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')) as RunSummary;

/** The run's results by execution id. */
export const resultsByExecution = (runDir: string): Map<string, CaseResult> =>
  new Map(readResults(runDir).map((r) => [r.executionId, r]));

/**
 * What a verdict is made of, for comparing a replay with its recording: the status, the score, each check's verdict,
 * the error, the answer and the skills used.
 */
export const verdictOf = (r: CaseResult) => ({
  status: r.status,
  score: r.score,
  checks: r.checks.map((c) => c.passed),
  error: r.error?.code,
  answer: r.session?.finalMessage,
  skills: r.session?.skillsInvoked?.map((s) => s.name),
});
