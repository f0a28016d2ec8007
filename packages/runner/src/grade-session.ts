import { type Case, type CaseResult, errorInfo, type Session } from '@skill-eval/core';
import { gaveNoAnswer, gradeExecution, type Judge, noAnswerVerdict, type WorkspaceSnapshot } from '@skill-eval/grading';
import type { ExecutionContext } from './execution-context.js';
import { ExecutionFailure } from './execution-failure.js';
import type { ExecutionWorkspace } from './execution-workspace.js';
import type { Workspace } from './workspace.js';

/**
 * The recorded session graded against the case's checks; no answer fails the case outright. A grading fault ends the
 * execution with what was recorded.
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
  try {
    const grade = await gradeExecution({
      testCase,
      session,
      workspace: deps.workspace.ws,
      ...(deps.workspaceBefore ? { workspaceBefore: deps.workspaceBefore } : {}),
      judge: deps.judge,
      signal: ctx.signal,
      run: deps.run,
      trust: ctx.trust,
      env: deps.life.childEnv(),
    });
    return {
      ...recorded,
      status: grade.status,
      score: grade.score,
      checks: grade.checks,
      judge: grade.judge,
      error: grade.error,
    };
  } catch (error) {
    throw new ExecutionFailure(errorInfo(error).code, `Grading failed: ${errorInfo(error).message}`, recorded);
  }
}
