import { hasErrors } from '@skill-eval/core';
import { findUntrustedInputs } from '@skill-eval/runner/loading';
import type { CommandIO } from '../io/io.js';
import { loadEvalFiles } from '../loading/load-eval-files.js';
import { printDiagnostics } from '../loading/print-diagnostics.js';
import { loadConfig } from '../policy/config.js';
import { refuseUntrustedEnvironments } from '../policy/environment-choice.js';

export interface ValidateOptions {
  format?: string;
  config?: string;
  /** As `run --trust`: what needs it to run (references out of the project, programs from files) is accepted, and a
   * config found in the project is trusted. */
  trust?: boolean;
  /** The evals of the skill folder given as the path (BMAD's `--evals`). */
  evals?: string;
  /** --no-parse-cache sets false: every YAML file is parsed, and no parsed document is kept. */
  parseCache?: boolean;
}

/**
 * `skill-eval validate`: every problem in every eval file, compiler style. Exit 2 on any error: what `run` refuses
 * as bad input is bad input here too, so a script can tell it from a run whose case failed (1).
 */
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
  // Where the cases would run, refused in run's words and with its status, before "valid" is said: as run, only
  // when the files load and no environment of the config takes their place.
  if (!hasErrors(loaded.diagnostics) && config.environment === undefined) {
    refuseUntrustedEnvironments(
      suites.flatMap((suite) => suite.cases),
      { cwd: io.cwd, trust: options.trust === true },
    );
  }
  const count = (severity: string) => diagnostics.filter((d) => d.severity === severity).length;
  const cases = suites.reduce((n, s) => n + s.cases.length, 0);
  io.stdout.write(
    `${suites.length} suite(s), ${cases} case(s): ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} note(s)\n`,
  );
  // Once the report is out: the next load of these files rebuilds what this one parsed.
  loaded.keepCaches();
  return hasErrors(diagnostics) ? 2 : 0;
}
