import { canonicalCheck } from '@skill-eval/checks';
import { type Case, type Check, SkillEvalError } from '@skill-eval/core';
import { oncePerCase } from '../once-per-case.js';
import type { CheckContext } from './check-evaluator.js';
import { groupChildren, normalizeTree } from './check-tree.js';

/** Check types that run code from the eval file or send the agent's output away: only with --trust. */
export const CHECKS_NEEDING_TRUST: ReadonlySet<string> = new Set([
  'javascript',
  'python',
  'script',
  'code-grader',
  'webhook',
]);

/** Refuses to go on unless the user passed --trust: the check runs code from the eval file or sends output away. */
export function requireTrust(type: string, context: CheckContext): void {
  if (context.trust === true) return;
  throw new SkillEvalError('BAD_INPUT', `${type} check runs code from the eval file; it runs only with --trust`, {
    hint: 'Read the check first, then pass --trust',
  });
}

/**
 * The check types of a case (gates, checks, fail-if conditions, inside groups too, under any of their names) that
 * need --trust, each once: the runner refuses such a case without --trust before its agent runs, not after.
 */
export const checksNeedingTrust: (testCase: Case) => readonly string[] = oncePerCase((testCase: Case) => {
  const found = new Set<string>();
  const visit = (check: Check) => {
    if (CHECKS_NEEDING_TRUST.has(check.type)) found.add(check.type);
    groupChildren(check)?.forEach(visit);
  };
  for (const check of [...testCase.gates, ...testCase.checks, ...testCase.failIf]) {
    visit(normalizeTree(check, canonicalCheck));
  }
  return Object.freeze([...found]);
});
