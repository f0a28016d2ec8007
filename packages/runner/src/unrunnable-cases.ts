import type { Case, Diagnostic, SkillRef, Suite } from '@skill-eval/core';
import { skillNameProblem } from './skill-folder-name.js';

/**
 * What a run would refuse in a suite its format read without complaint — a skill whose name is no folder name, a
 * prompt holding a NUL character no program can be given — as diagnostics, found when the files load: `validate`
 * and `run` both load through here, so `validate` refuses what `run` would, and `run` before any execution.
 */
export function unrunnableDiagnostics(suite: Suite): Diagnostic[] {
  const found: Diagnostic[] = [];
  // Each skill once, by folder, in the order first named (the suite's, then each case's): no list made per case.
  const skills = new Map<string, SkillRef>();
  if (suite.skill) skills.set(suite.skill.dir, suite.skill);
  for (const testCase of suite.cases) for (const skill of testCase.skills) skills.set(skill.dir, skill);
  for (const skill of skills.values()) {
    const problem = skillNameProblem(skill);
    if (problem) found.push(problem);
  }
  for (const testCase of suite.cases) {
    const { turns, system } = testCase;
    let at = turns.findIndex((text) => text.includes('\0'));
    if (at === -1 && system?.includes('\0')) at = turns.length;
    if (at === -1) continue;
    const field = at === turns.length ? 'system prompt' : turns.length > 1 ? `prompt of turn ${at + 1}` : 'prompt';
    found.push(nulDiagnostic(testCase, field));
  }
  return found;
}

function nulDiagnostic(testCase: Case, field: string): Diagnostic {
  const { file, line, column } = testCase.source;
  return {
    severity: 'error',
    ruleId: 'case/nul-character',
    file,
    ...(line ? { line, column: column ?? 1 } : {}),
    message: `The ${field} of case ${JSON.stringify(testCase.id)} holds a NUL character, which no agent can be given (a program's arguments and environment cannot hold one); remove it.`,
  };
}
