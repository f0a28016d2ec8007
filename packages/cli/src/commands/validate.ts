import { hasErrors } from '@skill-eval/core';
import { loadConfig } from '../config.js';
import type { CommandIO } from '../io.js';
import { loadEvalFiles } from '../load-eval-files.js';
import { printDiagnostics } from '../print-diagnostics.js';

export interface ValidateOptions {
  format?: string;
  config?: string;
  /** As `run --trust`: what it would allow (a reference out of the project) is a warning, not an error. */
  trust?: boolean;
}

/** `skill-eval validate`: every problem in every eval file, compiler style; exit 1 on any error. */
export async function validateCommand(paths: string[], options: ValidateOptions, io: CommandIO): Promise<number> {
  const config = loadConfig(io.cwd, options.config);
  const { suites, diagnostics } = await loadEvalFiles(paths, { ...options, requireCases: true }, config, io);
  printDiagnostics(diagnostics, io.cwd, io.stdout);
  const count = (severity: string) => diagnostics.filter((d) => d.severity === severity).length;
  const cases = suites.reduce((n, s) => n + s.cases.length, 0);
  io.stdout.write(
    `${suites.length} suite(s), ${cases} case(s): ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} note(s)\n`,
  );
  return hasErrors(diagnostics) ? 1 : 0;
}
