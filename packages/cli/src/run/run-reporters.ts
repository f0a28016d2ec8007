import { configurePlugin, type Registry, type Reporter, redactorOf, type Suite } from '@skill-eval/core';
import type { CommandIO } from '../io/io.js';
import { BUNDLED_REPORTERS } from '../plugins/bundled.js';

/** Console flags of `run`. */
export interface RunOutputFlags {
  /** Only the closing totals on the console. */
  quiet?: boolean;
  /** Each engine event on the console as it happens. */
  verbose?: boolean;
  /** summary.json on stdout and nothing else there; the console output goes to stderr. */
  json?: boolean;
  /** Also write skill-creator's layout (files per execution); opt-in, as it is most of a large run's disk writes. */
  skillCreator?: boolean;
  /** The run was started with --trust, which resuming it needs again. */
  trust?: boolean;
  /** What `run --resume <dir>` needs besides the directory, when known exactly (see resume-run.ts); else `trust`. */
  resumeFlags?: readonly string[];
}

/** The bundled reporters a run may use: the registry imports these and no other (not the HTML renderer). */
export const RUN_REPORTERS = ['console', 'junit', 'skill-creator', 'github-summary', 'github-annotations'] as const;

/** Reporters that are not bundled: those the config's plugins list names. */
const pluginReporters = (registry: Registry): Reporter[] =>
  registry.reporters
    .filter((plugin) => !BUNDLED_REPORTERS.some((bundled) => bundled.id === plugin.id))
    .map((plugin) => configurePlugin(plugin, undefined));

/**
 * The reporters of a run: the console (or its quiet form), the files every run writes (cases.json, junit.xml),
 * skill-creator's layout when asked for, the GitHub Actions job summary and annotations when the environment
 * says so, and every reporter plugin the config names.
 */
export async function runReporters(
  registry: Registry,
  suites: readonly Suite[],
  flags: RunOutputFlags,
  io: CommandIO,
): Promise<Reporter[]> {
  const report = await import('@skill-eval/report');
  // Written into the run directory (cases.json, junit.xml, skill-creator's eval_metadata.json): redacted.
  const cases = redactorOf(io.env)(report.caseIndexFromSuites(suites, io.cwd));
  // With --json, stdout carries the summary alone, so everything meant for a person goes to stderr. The console
  // reporters colour their own output and keep text from eval files and agents harmless themselves.
  const streams = io.raw ?? io;
  const human = flags.json ? streams.stderr : streams.stdout;
  const resumeFlags = flags.resumeFlags ?? (flags.trust ? ['--trust'] : []);
  const consoleOptions = { cwd: io.cwd, stream: human, resumeFlags: [...resumeFlags] };
  const reporters: Reporter[] = [
    flags.quiet
      ? report.createQuietConsoleReporter(consoleOptions)
      : registry.reporter('console').create({ ...consoleOptions, verbose: flags.verbose === true }),
    report.createCaseIndexReporter(cases),
    registry.reporter('junit').create({ cases }),
  ];
  if (flags.skillCreator) reporters.push(registry.reporter('skill-creator').create({ cases }));
  const stepSummary = io.env.GITHUB_STEP_SUMMARY;
  if (stepSummary) reporters.push(registry.reporter('github-summary').create({ file: stepSummary }));
  if (io.env.GITHUB_ACTIONS === 'true')
    reporters.push(
      registry.reporter('github-annotations').create({
        cases,
        // The one output of the run the Actions runner reads as workflow commands.
        stream: io.workflowCommands ? io.workflowCommands(human) : human,
        cwd: io.cwd,
        ...(io.env.GITHUB_WORKSPACE ? { workspace: io.env.GITHUB_WORKSPACE } : {}),
      }),
    );
  if (flags.json) reporters.push(report.createJsonSummaryReporter(io.stdout));
  reporters.push(...pluginReporters(registry));
  return reporters;
}
