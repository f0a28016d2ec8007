import { type Case, SessionSchema, type Suite } from '@skill-eval/core';
import { checkDiagnostics, gradeExecution } from '@skill-eval/grading';
import type { PeerVerdict } from './peers/peer-verdict.js';
import type { PromptfooPair } from './promptfoo-pairs.js';

/**
 * skill-eval's verdict on one promptfoo pair whose test has been read into `suite` (its one case): refused where
 * grading refuses a check before the run, else the grade of the pair's answer (and cost and latency) as a session.
 */
export async function gradePromptfooAnswer(suite: Suite, pair: PromptfooPair, workspace: string): Promise<PeerVerdict> {
  const problems = (await checkDiagnostics(suite)).filter((d) => d.severity === 'error');
  if (problems.length > 0) return { verdict: 'error', reason: `refused: ${problems[0]!.message}` };
  const testCase: Case = suite.cases[0]!;
  const session = SessionSchema.parse({
    status: 'completed',
    engineId: 'differential',
    finalMessage: pair.output,
    ...(pair.cost === undefined ? {} : { costUsd: pair.cost }),
    durationMs: pair.latencyMs ?? 0,
  });
  const result = await gradeExecution({ testCase, session, workspace, trust: true });
  if (result.status === 'error') return { verdict: 'error', reason: result.error?.message };
  return { verdict: result.status === 'passed' ? 'pass' : 'fail', score: result.score };
}
