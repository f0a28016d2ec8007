import { SkillEvalError, type SkillRef, type Suite } from '@skill-eval/core';
import { type SkillAtRef, skillAtRef } from '@skill-eval/runner';
import type { CommandIO } from '../io/io.js';

/**
 * `--baseline git:<ref>`: the one skill the run tests (each suite's skill under test), as it was at the ref, in a
 * temporary folder the caller removes when the run ends. A run over several skills is refused: one baseline folder
 * stands in for one skill.
 */
export async function baselineAtRef(ref: string, suites: readonly Suite[], io: CommandIO): Promise<SkillAtRef> {
  const underTest = new Map<string, SkillRef>();
  for (const suite of suites) {
    for (const testCase of suite.cases) {
      const skill = testCase.skills[0] ?? suite.skill;
      if (skill) underTest.set(skill.dir, skill);
    }
  }
  const [skill, ...others] = underTest.values();
  if (!skill || others.length > 0) {
    throw new SkillEvalError(
      'USAGE',
      `--baseline git:${ref} compares one skill with itself at the ref, but the run tests ${underTest.size === 0 ? 'no skill' : `${underTest.size} skills (${[...underTest.values()].map((s) => s.name).join(', ')})`}.`,
      { hint: 'Run one skill’s evals with it: name that skill’s folder or eval file.' },
    );
  }
  const baseline = await skillAtRef(ref, skill, io.env as NodeJS.ProcessEnv);
  io.stderr.write(`Baseline: ${skill.name} as it was at ${ref} (${baseline.commit.slice(0, 12)}).\n`);
  return baseline;
}
