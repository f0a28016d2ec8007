import type { CheckVerdict } from '@skill-eval/core';
import type { GradedCheck } from './checks/check-evaluator.js';

/**
 * How an AgentV case scores a check that ran and could not grade — its code threw, crashed or ran out of time — as
 * AgentV scores such a grader, the same at 4.42.4 and at 5.x: 0, a fail (`CodeGrader.evaluate`'s catch, `Code
 * evaluator failed`, and for any grader that throws `runEvaluatorsForCase`'s catch, `Grader '…' failed`); negated, 1,
 * a pass (`negateScore`). @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:835-855, 23427-23475, 168-179; AgentV 5
 * (58f316ca2) `graders/script-grader.ts:412-420`, `orchestrator.ts:3074-3126`. The check stays errored in the
 * result, its reason in the evidence; only its score and verdict follow AgentV.
 *
 * A failed judge is not one of these: AgentV's LLM grader then returns verdict `skip` (4.42.4 :1324-1336; 5.x
 * `graders/llm-grader.ts:618-631`), and a test with a skipped grader is an execution error scored 0
 * (`buildSkippedEvaluatorError`, 4.42.4 :21433-21444, 21736-21745, 22942-22943; 5.x `orchestrator.ts:119`, 768-780,
 * 2132) — skill-eval's `error` already. Except for AgentV's implicit grader of a test's `criteria` (the reader marks it
 * `agentv: true`): AgentV returns its score alone, no `scores`, so the skip goes unseen and the test fails with 0
 * (4.42.4 :23288-23318; 5.x `orchestrator.ts:2818-2856`) — and so does skill-eval's.
 *
 * Returns the verdict to show and the one to score with; undefined for a check that did not fail to grade.
 */
export function agentvFailureVerdicts(graded: GradedCheck): { shown: CheckVerdict; scored: CheckVerdict } | undefined {
  const failed = graded.failedToGrade;
  if (!failed) return undefined;
  const { verdict } = graded;
  const said = failed.negated
    ? 'AgentV scores a negated grader that fails to grade 1, a pass'
    : 'AgentV scores a grader that fails to grade 0';
  const shown = {
    ...verdict,
    passed: failed.negated,
    score: failed.negated ? 1 : 0,
    evidence: `${said}: ${graded.error?.message ?? verdict.evidence}`,
  };
  return { shown, scored: { ...shown, errored: false } };
}
