import { hasErrors } from '@skill-eval/core';
import { checkSkills } from '@skill-eval/skill-check';
import type { CommandIO } from '../io/io.js';
import { printDiagnostics } from '../loading/print-diagnostics.js';

export interface CheckOptions {
  /** Print `{ skills, diagnostics }` as JSON instead of lines. */
  json?: boolean;
}

/**
 * `skill-eval check`: each skill the paths name against the Agent Skills specification and the loading rules of the
 * agents, and every pair of them for descriptions that overlap — offline, no agent run. Exit 2 on any error, as
 * `validate`: a skill an agent would refuse or never find is bad input.
 */
export async function checkCommand(paths: string[], options: CheckOptions, io: CommandIO): Promise<number> {
  const { skills, diagnostics } = checkSkills(paths, io.cwd);
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ skills, diagnostics }, null, 2)}\n`);
    return hasErrors(diagnostics) ? 2 : 0;
  }
  printDiagnostics(diagnostics, io.cwd, io.stdout);
  const count = (severity: string) => diagnostics.filter((d) => d.severity === severity).length;
  io.stdout.write(
    `${skills.length} skill(s): ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} note(s)\n`,
  );
  return hasErrors(diagnostics) ? 2 : 0;
}
