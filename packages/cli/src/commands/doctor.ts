import { withDotEnv } from '../credentials/credential-sources.js';
import { type ReadinessItem, runReadiness } from '../doctor/run-readiness.js';
import type { CommandIO } from '../io/io.js';
import { printDiagnostics } from '../loading/print-diagnostics.js';
import { harnessVersion } from '../plugins/package-version.js';
import type { RunCommandOptions } from '../run/run-command-options.js';
import { runSettings } from '../run/run-settings.js';

/** `doctor`'s own options, beside the run's it takes (`-e`, `--judge`, `--environment`, `-c`, `--format` …). */
export interface DoctorOptions extends RunCommandOptions {
  /** Send each engine and the judge one tiny request, to know that the key and the model work (costs a little). */
  verifyModels?: boolean;
}

/**
 * `skill-eval doctor [paths...]`: whether `skill-eval run` with the same paths and options could start here, and what
 * to do about each part that could not. Exit 0 only when every part is ready; nothing is written.
 */
export async function doctorCommand(paths: string[], options: DoctorOptions, given: CommandIO): Promise<number> {
  // What a run would see: the project's .env under the real environment, each value's source kept for the report.
  const found = withDotEnv(given.cwd, given.env, options.trust === true);
  const io: CommandIO = { ...given, env: found.env };
  const settings = runSettings(options, io);
  const { items, diagnostics } = await runReadiness(paths, options, {
    settings,
    found,
    io,
    verifyModels: options.verifyModels === true,
  });
  // The eval files' problems as `run` prints them, without the infos.
  printDiagnostics(diagnostics, io.cwd, io.stderr, { quiet: true });
  const ready = items.every((item) => item.ready);
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ harnessVersion: harnessVersion(), ready, parts: items }, null, 2)}\n`);
    return ready ? 0 : 1;
  }
  io.stdout.write(
    `skill-eval ${harnessVersion()}: would \`skill-eval run${paths.map((p) => ` ${p}`).join('')}\` start here?\n`,
  );
  const width = Math.max(...items.map((item) => item.id.length));
  for (const item of items) io.stdout.write(lineOf(item, width));
  const problems = items.filter((item) => !item.ready).length;
  io.stdout.write(
    ready
      ? 'Ready: the run can start.\n'
      : `Not ready: ${problems} problem${problems === 1 ? '' : 's'} to fix first.\n`,
  );
  return ready ? 0 : 1;
}

function lineOf(item: ReadinessItem, idWidth: number): string {
  const name = `${item.role.padEnd(ROLE_WIDTH)}  ${item.id.padEnd(idWidth)}`;
  const indent = ' '.repeat(name.length + 4 + 11);
  const facts = [
    item.version && `version ${item.version}`,
    item.credential,
    item.model && (item.model.answered ? `${item.model.id} answered` : `${item.model.id} not verified`),
  ].filter(Boolean);
  const lines = item.ready
    ? [`  ${name}  ready      ${facts.join(' · ')}`.trimEnd()]
    : [`  ${name}  not ready  ${item.problem}`, ...(facts.length ? [`${indent}${facts.join(' · ')}`] : [])];
  if (item.hint) lines.push(`${indent}→ ${item.hint}`);
  return `${lines.join('\n')}\n`;
}

/** The longest role, `environment`. */
const ROLE_WIDTH = 11;
