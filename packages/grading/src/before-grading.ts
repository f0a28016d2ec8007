// What a run asks of grading before it grades, on an entry of its own (`@skill-eval/grading/before-grading`): which
// cases need a judge, a snapshot of the workspace or --trust, the signals of a skill's use in a session, a session
// that gave no answer, and where the SQL checks find their parser. A run loads this with its first execution; the
// graders and the code of each check type (the package's main entry) load when it first grades, while its first
// engine runs.
export { caseNeedsJudge, caseNeedsWorkspaceBefore } from './case-needs-judge.js';
export { checksNeedingTrust } from './checks/require-trust.js';
export { routedSkill } from './checks/skill-routed.js';
export { skillFired, type TriggerDetection } from './checks/skill-used.js';
export { findSqlParserWith, type InstalledPackageFinder } from './checks/sql-parser-finder.js';
export { JUDGE_PROMPT_VERSION } from './judge/judge-prompt.js';
export { snapshotWorkspace, type WorkspaceSnapshot } from './judge/workspace-snapshot.js';
export { gaveNoAnswer, noAnswerVerdict } from './no-answer.js';
