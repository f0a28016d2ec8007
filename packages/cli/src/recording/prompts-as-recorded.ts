import type { Suite } from '@skill-eval/core';
import { SkillEvalError } from '@skill-eval/core';

/**
 * `run --replay`: recorded answers are served by route, model and turn — not by what was asked — so a case whose
 * prompt was edited since the recording would get the old prompt's answers and an old verdict. Such a replay is
 * refused, naming each edited case; a recorded run without a cases.json (an older skill-eval) is not checked.
 */
export async function assertPromptsAsRecorded(runDir: string, suites: readonly Suite[], cwd: string): Promise<void> {
  const { caseIndexFromSuites, caseKey, readCaseIndex } = await import('@skill-eval/report');
  const recorded = await readCaseIndex(runDir);
  if (!recorded) return;
  const recordedTurns = new Map(recorded.cases.map((c) => [caseKey(c.suiteId, c.caseId), c.turns]));
  const edited = caseIndexFromSuites(suites, cwd).cases.filter((c) => {
    const turns = recordedTurns.get(caseKey(c.suiteId, c.caseId));
    return turns !== undefined && JSON.stringify(turns) !== JSON.stringify(c.turns);
  });
  if (edited.length === 0) return;
  const where = edited.map((c) => `  ${c.file}${c.line ? `:${c.line}` : ''} ${c.name}`);
  throw new SkillEvalError(
    'USAGE',
    `--replay: the prompt of ${edited.length} case(s) changed since ${runDir} was recorded; the recorded answers are not theirs:\n${where.join('\n')}`,
    { hint: 'Record the run again (skill-eval run --record …), or replay the eval files as they were recorded.' },
  );
}
