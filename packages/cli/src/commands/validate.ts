import { hasErrors } from '@skill-eval/core';
import { loadSuites } from '@skill-eval/runner';
import { loadConfig } from '../config.js';
import type { CommandIO } from '../io.js';
import { buildRegistry } from '../plugins/build-registry.js';
import { printDiagnostics } from '../print-diagnostics.js';

export interface ValidateOptions {
  format?: string;
  config?: string;
}

/** `skill-eval validate`: every problem in every eval file, compiler style; exit 1 on any error. */
export async function validateCommand(paths: string[], options: ValidateOptions, io: CommandIO): Promise<number> {
  const config = loadConfig(io.cwd, options.config);
  const { registry } = await buildRegistry({ engines: [], plugins: config.plugins, cwd: io.cwd });
  const { suites, diagnostics } = await loadSuites(paths.length ? paths : ['.'], registry, {
    cwd: io.cwd,
    ...(options.format ? { format: options.format } : {}),
  });
  printDiagnostics(diagnostics, io.cwd, io.stdout);
  const count = (severity: string) => diagnostics.filter((d) => d.severity === severity).length;
  const cases = suites.reduce((n, s) => n + s.cases.length, 0);
  io.stdout.write(
    `${suites.length} suite(s), ${cases} case(s): ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} note(s)\n`,
  );
  return hasErrors(diagnostics) ? 1 : 0;
}
