import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One evals.json case of the crew skill. */
export interface CrewEval {
  id: number;
  prompt: string;
  assertions: string[];
}

/** A judge reply that passes the case's one criterion, quoting the agent's greeting. */
export const PASSING_VERDICT = JSON.stringify({
  criteria: [{ id: 1, passed: true, evidence: 'Ahoy', reasoning: 'It greets.' }],
});

/**
 * A temp dir holding `crew/SKILL.md` (a skill that greets a crew) and `crew/evals/evals.json` with `evals`, the
 * suite several end-to-end tests run; the caller removes the dir.
 */
export function writeCrewSkill(prefix: string, evals: CrewEval[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'crew', 'evals'), { recursive: true });
  writeFileSync(join(dir, 'crew', 'SKILL.md'), '---\nname: crew\ndescription: Greets a crew.\n---\nSay Ahoy.\n');
  writeFileSync(join(dir, 'crew', 'evals', 'evals.json'), JSON.stringify({ skill_name: 'crew', evals }));
  return dir;
}
