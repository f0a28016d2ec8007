import type { Case, Check } from '@skill-eval/core';

/**
 * Checks a case gets when it declares none: a trigger case is graded on whether its first skill
 * fired (negated when it should not fire), detected as the case's `triggerDetection` says (`first-tool`:
 * the run's first tool call decides); a routing case (`expectedSkill`) on whether the first skill consulted is the one
 * expected (skill-routed). Task cases get nothing, so they surface as "nothing to grade".
 */
export function implicitChecks(testCase: Case): Check[] {
  if (testCase.kind !== 'trigger' || testCase.checks.length > 0) return [];
  const mode = testCase.triggerDetection === 'first-tool' ? { mode: 'first-tool' } : {};
  // A routing case: the first skill consulted among those staged must be the expected one (or none).
  if (testCase.expectedSkill === null)
    return [{ type: 'skill-routed', name: 'skill-routed: no skill', value: null, ...mode }];
  if (testCase.expectedSkill !== undefined) return [{ type: 'skill-routed', value: testCase.expectedSkill, ...mode }];
  const skill = testCase.skills[0]?.name;
  return [
    {
      type: 'skill-used',
      ...(skill === undefined ? {} : { value: skill }),
      ...mode,
      negate: testCase.shouldTrigger === false,
    },
  ];
}
