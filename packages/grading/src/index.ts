export { caseNeedsJudge } from './case-needs-judge.js';
export { checksNeedingTrust } from './checks/require-trust.js';
export { skillFired, type TriggerDetection } from './checks/skill-used.js';
export { checkDiagnostics } from './compat/check-diagnostics.js';
export type { Grade, GradeInput, Judge } from './grade.js';
export { gradeExecution, judgePromptOf } from './grade-execution.js';
export { JUDGE_PROMPT_VERSION } from './judge/judge-prompt.js';
export { snapshotWorkspace, type WorkspaceSnapshot } from './judge/workspace-snapshot.js';
export { gaveNoAnswer, noAnswerVerdict } from './no-answer.js';
