import { canonicalCheck } from '@skill-eval/checks';
import type { Case } from '@skill-eval/core';
import { normalizeTree, rubricLeaves } from './checks/check-tree.js';
import { oncePerCase } from './once-per-case.js';

type CaseChecks = Pick<Case, 'gates' | 'checks' | 'failIf'> & Partial<Pick<Case, 'userSimulator'>>;

/**
 * Whether running or grading `testCase` calls the judge's model: some llm-rubric criterion (or a model-graded alias),
 * nested or not, or a simulated user (skill-up's `user_simulator`), whose turns the judge's model writes.
 */
export const caseNeedsJudge: (testCase: CaseChecks) => boolean = oncePerCase((testCase: CaseChecks) => {
  if (testCase.userSimulator) return true;
  return [...testCase.gates, ...testCase.checks, ...testCase.failIf].some(
    (check) => rubricLeaves(normalizeTree(check, canonicalCheck)).length > 0,
  );
});

/**
 * Whether grading `testCase` compares the workspace with what it was before the run: the judge is shown only what the
 * agent created or changed, and a regex `over: created-files` reads the files the run created.
 */
export const caseNeedsWorkspaceBefore: (testCase: CaseChecks) => boolean = oncePerCase(
  (testCase: CaseChecks) =>
    caseNeedsJudge(testCase) || [...testCase.gates, ...testCase.checks, ...testCase.failIf].some(readsCreatedFiles),
);

/** A check, or one nested in it, that is tested on the files the run created. */
function readsCreatedFiles(check: unknown): boolean {
  if (Array.isArray(check)) return check.some(readsCreatedFiles);
  if (typeof check !== 'object' || check === null) return false;
  const fields = check as Record<string, unknown>;
  if (fields.over === 'created-files') return true;
  return Object.values(fields).some((value) => typeof value === 'object' && readsCreatedFiles(value));
}
