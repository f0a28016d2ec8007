import type { Case, CaseResult, Session } from '@skill-eval/core';
import { gaveNoAnswer, routedSkill, skillFired, type TriggerDetection } from '@skill-eval/grading/before-grading';
import type { ExecutionResult } from './execution-result.js';
import type { ExecutionWorkspace } from './execution-workspace.js';
import type { ResultStore } from './result-store.js';

/**
 * Writes the session's transcript to the run and returns what the result records of it: the session without its
 * events, where the transcript is, the model and engine version it reports, and whether the skill fired (for a
 * routing case, which skill it went to).
 */
export async function recordSession(
  session: Session,
  executionId: string,
  testCase: Case,
  detection: TriggerDetection | undefined,
  deps: { store: ResultStore; life: ExecutionWorkspace; base: ExecutionResult['base'] },
): Promise<Partial<CaseResult>> {
  // Grading reads the raw transcript where the engine wrote it; the run records where it is kept.
  const kept = session.transcriptPath ? { transcriptPath: deps.life.keptPath(session.transcriptPath) } : {};
  const transcriptFile = await deps.store.writeTranscript(executionId, { ...session, ...kept });
  const { events: _events, ...summary } = { ...session, ...kept };
  const recorded = {
    session: summary,
    transcriptFile,
    model: session.model ?? deps.base.model,
    engineVersion: session.engineVersion ?? deps.base.engineVersion,
  };
  // A run with no answer says nothing about firing: it counts against the case whichever way it should go.
  const answered = !gaveNoAnswer(session);
  if (testCase.expectedSkill !== undefined) {
    const skills = testCase.skills.map((s) => s.name);
    const chosen = answered ? { chosen: routedSkill(session, skills, detection) } : {};
    return { ...recorded, routing: { expected: testCase.expectedSkill, ...chosen, skills } };
  }
  const skill = testCase.skills[0]?.name;
  return {
    ...recorded,
    ...(detection && skill !== undefined && answered ? { triggered: skillFired(session, skill, detection) } : {}),
  };
}
