import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One case with one rubric line: the smallest evals.json a run accepts. */
export const ONE_CASE_EVALS_JSON = '{"evals":[{"id":1,"prompt":"hi","expectations":["x"]}]}';

/** `<dir>/skill/SKILL.md` (the skill `demo`) and an empty `<dir>/skill/evals/`; returns the skill folder. */
export function writeDemoSkill(dir: string): string {
  const skill = join(dir, 'skill');
  mkdirSync(join(skill, 'evals'), { recursive: true });
  writeFileSync(join(skill, 'SKILL.md'), '---\nname: demo\ndescription: Demo skill.\n---\nBody\n');
  return skill;
}

/** `<dir>/skill/evals/evals.json` holding `text` (one plain case by default). */
export function writeDemoEvals(dir: string, text = ONE_CASE_EVALS_JSON): void {
  writeFileSync(join(dir, 'skill', 'evals', 'evals.json'), text);
}
