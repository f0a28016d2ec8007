import type { Case } from '@skill-eval/core';
import { caseNeedsJudge, checksNeedingTrust } from '@skill-eval/grading/before-grading';

/**
 * Whether an execution gives its run slot back once its engine has ended (see scheduler.ts): what it does from there
 * is then the harness's own bookkeeping — its record, deterministic checks, artifacts, the end of its processes and the
 * removal of its workspace — which need not keep the next agent waiting. An execution that will still ask a model (a
 * judge or a model-graded check), run programs (teardown steps, checks that run code from the eval file), hold a
 * sandbox, or run again (a retry policy) keeps its slot to the end: -j bounds each of those.
 */
export function finishesOutsideSlot(testCase: Case, sandboxed: boolean): boolean {
  return (
    !sandboxed &&
    testCase.retry === undefined &&
    testCase.workspace.teardown.length === 0 &&
    !caseNeedsJudge(testCase) &&
    checksNeedingTrust(testCase).length === 0
  );
}
