import type { Case, Check } from '@skill-eval/core';

/**
 * Checks a case gets when it declares none: a trigger case is graded on whether its first skill
 * fired (negated when it should not fire). Task cases get nothing, so they surface as "nothing to grade".
 */
export function implicitChecks(testCase: Case): Check[] {
  if (testCase.kind !== 'trigger' || testCase.checks.length > 0) return [];
  const skill = testCase.skills[0]?.name;
  return [
    { type: 'skill-used', ...(skill === undefined ? {} : { value: skill }), negate: testCase.shouldTrigger === false },
  ];
}
