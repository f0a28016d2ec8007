import { type Command, Option } from 'commander';
import type { RunCommandOptions } from '../run/run-command-options.js';
import type { ProgramContext } from './program-context.js';
import {
  caseOption,
  collect,
  configOption,
  formatOption,
  modeOption,
  noParseCacheOption,
  tagOption,
} from './shared-options.js';

/** `run`: every case under the paths, run and graded. */
export function defineRunCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('run')
    .description('Run every eval case found under the paths and grade it.')
    .argument('[paths...]', 'eval files or directories to search (default: .)')
    .addOption(
      new Option('-e, --engine <id[:model]>', 'engine to run on, repeatable (default: claude-code)').argParser(collect),
    )
    .option('--judge <id[:model]>', 'engine that grades llm-rubric criteria (default: anthropic)')
    .option('--api-key <key>', 'model key of the run’s engines, over the environment, .env and skill-up’s credentials')
    .addOption(new Option('--ek, --engine-kwarg <key=value>', 'engine setting, repeatable').argParser(collect))
    .option('-j, --concurrency <n>', 'executions at once (default: 4)')
    .option('-o, --out <dir>', 'run directory (default: .skill-eval/runs/<time>-<random>)')
    .option('-t, --timeout <seconds>', 'wall-clock limit per execution (default: the case’s own, else 600)')
    .addOption(formatOption())
    .option(
      '--trust',
      'allow what eval, fixture and found config files bring that runs programs or sends data away (setup scripts, script checks, custom engines, real MCP servers, fixture git config, agent hooks); see docs/security.md',
    )
    .addOption(
      new Option(
        '--trigger-detection <mode>',
        'how trigger cases detect the skill firing: any-tool (any call in the run) or first-tool (the first call decides; stops the run there)',
      ).choices(['any-tool', 'first-tool']),
    )
    .option('--runs <n>', 'runs per case, over each case’s own (repeats report pass@k, pass^k, mean ± sd, flaky)')
    .option('--retries <n>', 'run an execution again, up to n times, when it timed out or errored (never on a failure)')
    .option('--benchmark', 'run every case with and without the skill and report the differences')
    .option(
      '--baseline <skill-dir|git:ref>',
      'benchmark against an older version of the skill (its folder, or git:<ref> for the skill as it was there); with --benchmark, against no skill as well',
    )
    .option('--no-cache', 'run every execution, reusing no cached result')
    .option('--cache-dir <dir>', 'where cached results are kept (default: .skill-eval/cache)')
    .addOption(noParseCacheOption())
    .option('--resume <run-dir>', 'continue an interrupted run: run only its executions that have no result')
    .option('--record', 'keep every model exchange of each execution in <run>/recordings/ (implies --no-cache)')
    .option('--replay <run-dir>', 'run a recorded run again against its recordings: offline, free, deterministic')
    .option(
      '--changed <git-ref>',
      'run only the suites whose eval files, skill or case files changed since the ref (its merge base with HEAD)',
    )
    .option('--shard <i/n>', 'run only part i of n of the executions (a stable split; join the parts with merge)')
    .option('--keep-workspaces', 'keep each execution’s workspace and name it in the result’s warnings (for debugging)')
    .option(
      '--environment <type[:image]>',
      'where every execution runs: docker:<image> (a container each), opensandbox:<image>, or none (the host)',
    )
    .addOption(
      new Option(
        '--network <policy>',
        'a container’s network: deny (only the model endpoint, the default) or open',
      ).choices(['deny', 'open']),
    )
    // Quiet prints no progress at all, so verbose's events would be dropped without a word.
    .addOption(new Option('-q, --quiet', 'print only the final totals, and no info diagnostics').conflicts('verbose'))
    .option(
      '-v, --verbose',
      'print each engine event (messages, tool calls and results, skills) as it happens, and list every execution at the end',
    )
    .option('--json', 'print summary.json on stdout and nothing else there (progress goes to stderr)')
    .option('--skill-creator', 'also write skill-creator’s layout (grading.json, timing.json, outputs/ per run)')
    .option(
      '--otlp <endpoint>',
      'send each execution as OpenTelemetry traces to this OTLP/HTTP endpoint (…/v1/traces is added unless given; default: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_ENDPOINT)',
    )
    .addOption(configOption())
    .option('--evals <path>', 'the evals of the skill folder given as the path (a folder or a file), as BMAD’s --evals')
    .addOption(modeOption())
    .addOption(caseOption())
    .addOption(tagOption())
    .action(async (paths: string[], options: Record<string, unknown>) => {
      const runOptions = runOptionsOf(options);
      // Before the run's own code: see run-launchers.ts.
      await (await import('../run/run-launchers.js')).prestartLaunchersBeforeLoading(runOptions);
      const { runCommand } = await import('../commands/run.js');
      setExitCode(await runCommand(paths, runOptions, io));
    });
}

/**
 * The run's options as commander parsed them, named as the run command and run.json know them: commander names each
 * after its flag, the same names but for `--ek`, whose repeated values are `ek`. Their values are typed by the
 * option definitions above (choices, collect, negation).
 */
function runOptionsOf(options: Record<string, unknown>): RunCommandOptions {
  const { engineKwarg, ...named } = options;
  return { ...named, ek: engineKwarg } as RunCommandOptions;
}
