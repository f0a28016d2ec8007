import { hasErrors } from '@skill-eval/core';
import { findUntrustedInputs } from '@skill-eval/runner';
import { loadConfig } from '../config.js';
import type { CommandIO } from '../io.js';
import { loadEvalFiles } from '../load-eval-files.js';
import { printDiagnostics } from '../print-diagnostics.js';

export interface ValidateOptions {
  format?: string;
  config?: string;
  /** As `run --trust`: what needs it to run (references out of the project, programs from files) is accepted, and a
   * config found in the project is trusted. */
  trust?: boolean;
  /** The evals of the skill folder given as the path (BMAD's `--evals`). */
  evals?: string;
}

/** `skill-eval validate`: every problem in every eval file, compiler style; exit 1 on any error. */
export async function validateCommand(paths: string[], options: ValidateOptions, io: CommandIO): Promise<number> {
  const config = loadConfig(io.cwd, options.config, options.trust);
  const loaded = await loadEvalFiles(paths, { ...options, requireCases: true }, config, io);
  const { suites } = loaded;
  // What `run` refuses without --trust, reported the same way.
  const diagnostics = [
    ...loaded.diagnostics,
    ...(await findUntrustedInputs(suites, { trust: options.trust === true, cwd: io.cwd })),
  ];
  printDiagnostics(diagnostics, io.cwd, io.stdout);
  const count = (severity: string) => diagnostics.filter((d) => d.severity === severity).length;
  const cases = suites.reduce((n, s) => n + s.cases.length, 0);
  io.stdout.write(
    `${suites.length} suite(s), ${cases} case(s): ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} note(s)\n`,
  );
  return hasErrors(diagnostics) ? 1 : 0;
}
