import { canonicalCheck } from '@skill-eval/checks';
import type { Case } from '@skill-eval/core';
import { normalizeTree, rubricLeaves } from './checks/check-tree.js';

/** Whether grading `testCase` calls the judge: some llm-rubric criterion (or a model-graded alias), nested or not. */
export function caseNeedsJudge(testCase: Pick<Case, 'gates' | 'checks' | 'failIf'>): boolean {
  return [...testCase.gates, ...testCase.checks, ...testCase.failIf].some(
    (check) => rubricLeaves(normalizeTree(check, canonicalCheck)).length > 0,
  );
}
