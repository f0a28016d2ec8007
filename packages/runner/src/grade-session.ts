import { setMaxListeners } from 'node:events';
import { type Case, type CaseResult, deadlineSignal, errorInfo, type Session } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { gaveNoAnswer, noAnswerVerdict, type WorkspaceSnapshot } from '@skill-eval/grading/before-grading';
import type { ExecutionContext } from './execution-context.js';
import { ExecutionFailure } from './execution-failure.js';
import type { ExecutionWorkspace } from './execution-workspace.js';
import type { Workspace } from './workspace.js';

/**
 * The recorded session graded against the case's checks; no answer fails the case outright. A grading fault ends the
 * execution with what was recorded. Grading has what is left of the execution's time limit (-t): a check still running
 * when it closes is an error naming it, as is every check when the run is interrupted, which ends the execution as
 * interrupted. Grading programs get the execution's environment, and so start inside its containment.
 */
export async function gradeSession(
  testCase: Case,
  session: Session,
  recorded: Partial<CaseResult>,
  ctx: ExecutionContext,
  deps: {
    run: number;
    workspace: Workspace;
    workspaceBefore?: WorkspaceSnapshot;
    judge?: Judge;
    life: ExecutionWorkspace;
  },
): Promise<Partial<CaseResult>> {
  // No response fails the case, whatever its checks would say of an empty answer (a negated one, a should-not query).
  if (gaveNoAnswer(session)) return { ...recorded, status: 'failed', score: 0, checks: [noAnswerVerdict(session)] };
  const limit = deadlineSignal(deps.life.deadline.remainingMs(), ctx.signal);
  // Every check of the case listens to it while it runs, a dozen checks at once as well: that is no leak, so Node
  // need not warn.
  setMaxListeners(0, limit.signal);
  try {
    // The graders and each check type's code load when a run first grades, while its first engine runs, not before it.
    const { gradeExecution } = await import('@skill-eval/grading');
    const grade = await gradeExecution({
      testCase,
      session,
      workspace: deps.workspace.ws,
      ...(deps.workspaceBefore ? { workspaceBefore: deps.workspaceBefore } : {}),
      judge: deps.judge,
      signal: limit.signal,
      run: deps.run,
      trust: ctx.trust,
      env: deps.life.childEnv(),
    });
    if (ctx.signal.aborted)
      throw new ExecutionFailure('INTERRUPTED', 'The run was interrupted while this execution was graded.', recorded);
    return {
      ...recorded,
      status: grade.status,
      score: grade.score,
      checks: grade.checks,
      judge: grade.judge,
      error: grade.error,
    };
  } catch (error) {
    if (error instanceof ExecutionFailure) throw error;
    throw new ExecutionFailure(errorInfo(error).code, `Grading failed: ${errorInfo(error).message}`, recorded);
  } finally {
    limit.dispose();
  }
}
