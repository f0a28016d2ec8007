import type { CheckVerdict, Session } from '@skill-eval/core';

/**
 * Whether the agent ended without answering: it completed with no final message, or only whitespace. A run that
 * errored or timed out is an error of its own; a run the harness stopped at its first tool call (`first-tool` trigger
 * detection) has no answer by design. Neither is one. "No response fails the case"
 * (SkillKit): a program that exits 0 and prints nothing must not pass, should-not-trigger queries included.
 */
export const gaveNoAnswer = (session: Session): boolean =>
  session.status === 'completed' && !session.stoppedEarly && session.finalMessage.trim() === '';

/**
 * The verdict that fails an execution whose agent gave no answer, as a gate: the runner grades such an execution with
 * it alone, no other check or judge run. (gradeExecution grades any answer it is given, empty too, as the checks'
 * own tools do.)
 */
export function noAnswerVerdict(session: Session): CheckVerdict {
  const exit = session.exitCode === null ? '' : ` (exit code ${session.exitCode})`;
  return {
    type: 'answer',
    name: 'answer',
    passed: false,
    score: 0,
    weight: 1,
    required: true,
    evidence: `the agent gave no answer: it ended${exit} without a final message`,
    gate: true,
    errored: false,
  };
}
