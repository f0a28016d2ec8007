import { canonicalCheck } from '@skill-eval/checks';
import type { Case } from '@skill-eval/core';
import { normalizeTree, rubricLeaves } from './checks/check-tree.js';

/**
 * Whether running or grading `testCase` calls the judge's model: some llm-rubric criterion (or a model-graded alias),
 * nested or not, or a simulated user (skill-up's `user_simulator`), whose turns the judge's model writes.
 */
export function caseNeedsJudge(
  testCase: Pick<Case, 'gates' | 'checks' | 'failIf'> & Partial<Pick<Case, 'userSimulator'>>,
): boolean {
  if (testCase.userSimulator) return true;
  return [...testCase.gates, ...testCase.checks, ...testCase.failIf].some(
    (check) => rubricLeaves(normalizeTree(check, canonicalCheck)).length > 0,
  );
}
