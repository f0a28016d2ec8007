export type { Grade, GradeInput, Judge } from './grade.js';
export { gradeExecution } from './grade-execution.js';
export { JUDGE_PROMPT_VERSION } from './judge/judge-prompt.js';
