import { SkillEvalError, type SkillInvocation } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringListValue } from './check-value.js';

/**
 * Every skill named in `value` (default: the case's first skill) fired with a strong signal:
 * its tool was called or its SKILL.md was read. A mere mention does not count.
 */
export const skillUsed: CheckEvaluator = (check, { testCase, session }) => {
  const names = check.value === undefined ? defaultSkill(testCase.skills) : stringListValue(check);
  const parts: string[] = [];
  let passed = true;
  for (const name of names) {
    const seen = session.skillsInvoked.filter((s) => sameSkill(s.name, name));
    const strong = seen.find((s) => s.via === 'tool') ?? seen.find((s) => s.via === 'file-read');
    if (strong) parts.push(`skill "${name}" used (signal: ${strong.via})`);
    else {
      passed = false;
      parts.push(seen.length ? `skill "${name}" only mentioned (signal: mention)` : `skill "${name}" not used`);
    }
  }
  return { passed, evidence: `${parts.join('; ')}; invoked: ${listInvoked(session.skillsInvoked)}` };
};

/** Plugin skills show up as `plugin:skill`. */
function sameSkill(invoked: string, wanted: string): boolean {
  return invoked === wanted || invoked.endsWith(`:${wanted}`);
}

function defaultSkill(skills: readonly { name: string }[]): string[] {
  const first = skills[0];
  if (!first) {
    throw new SkillEvalError('BAD_INPUT', 'skill-used has no value and the case names no skill', {
      hint: 'write { type: skill-used, value: <skill name> }',
    });
  }
  return [first.name];
}

function listInvoked(skills: readonly SkillInvocation[]): string {
  return skills.length ? skills.map((s) => `${s.name} (${s.via})`).join(', ') : 'none';
}
