import { Command, InvalidArgumentError, Option } from 'commander';
import type { CommandIO } from './io.js';
import { harnessVersion } from './package-version.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * The command-line interface. Command modules are imported inside their actions so that
 * `--version` and `--help` load no plugin and no runner.
 */
export function createProgram(io: CommandIO, setExitCode: (code: number) => void): Command {
  const program = new Command('skill-eval')
    .description(
      'Run agent-skill evals written for any tool (evals.json, EVAL.md, …) on any agent engine, and grade them.',
    )
    .version(harnessVersion(), '-v, --version')
    // The program's own options (-v/--version, -h/--help) count only before the command: after it, the command's
    // options win, so `run -v` is `run --verbose`, not the version.
    .enablePositionalOptions()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .showSuggestionAfterError()
    .exitOverride();

  program
    .command('run')
    .description('Run every eval case found under the paths and grade it.')
    .argument('[paths...]', 'eval files or directories to search (default: .)')
    .addOption(
      new Option('-e, --engine <id[:model]>', 'engine to run on, repeatable (default: claude-code)').argParser(collect),
    )
    .option('--judge <id[:model]>', 'engine that grades llm-rubric criteria (default: anthropic)')
    .addOption(new Option('--ek, --engine-kwarg <key=value>', 'engine setting, repeatable').argParser(collect))
    .option('-j, --concurrency <n>', 'executions at once (default: 4)')
    .option('-o, --out <dir>', 'run directory (default: .skill-eval/runs/<time>-<random>)')
    .option('-t, --timeout <seconds>', 'wall-clock limit per execution (default: the case’s own, else 600)')
    .option('-f, --format <id>', 'read every file with this format instead of detecting it')
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
    .option('--baseline <skill-dir>', 'benchmark against an older version of the skill instead of no skill')
    .option('--no-cache', 'run every execution, reusing no cached result')
    .option('--cache-dir <dir>', 'where cached results are kept (default: .skill-eval/cache)')
    .option('--resume <run-dir>', 'continue an interrupted run: run only its executions that have no result')
    .option('--record', 'keep every model exchange of each execution in <run>/recordings/ (implies --no-cache)')
    .option('--replay <run-dir>', 'run a recorded run again against its recordings: offline, free, deterministic')
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
    .addOption(new Option('-q, --quiet', 'print only the final totals').conflicts('verbose'))
    .option('-v, --verbose', 'print each engine event (messages, tool calls and results, skills) as it happens')
    .option('--json', 'print summary.json on stdout and nothing else there (progress goes to stderr)')
    .option('--skill-creator', 'also write skill-creator’s layout (grading.json, timing.json, outputs/ per run)')
    .option('-c, --config <file>', 'config file (default: skill-eval.config.json)')
    .option('--evals <path>', 'the evals of the skill folder given as the path (a folder or a file), as BMAD’s --evals')
    .addOption(modeOption())
    .action(async (paths: string[], options: Record<string, unknown>) => {
      const { runCommand } = await import('./commands/run.js');
      setExitCode(
        await runCommand(
          paths,
          {
            engine: options.engine as string[] | undefined,
            judge: options.judge as string | undefined,
            ek: options.engineKwarg as string[] | undefined,
            concurrency: options.concurrency as string | undefined,
            out: options.out as string | undefined,
            timeout: options.timeout as string | undefined,
            config: options.config as string | undefined,
            format: options.format as string | undefined,
            trust: options.trust as boolean | undefined,
            triggerDetection: options.triggerDetection as 'any-tool' | 'first-tool' | undefined,
            cache: options.cache as boolean | undefined,
            cacheDir: options.cacheDir as string | undefined,
            resume: options.resume as string | undefined,
            runs: options.runs as string | undefined,
            retries: options.retries as string | undefined,
            benchmark: options.benchmark as boolean | undefined,
            baseline: options.baseline as string | undefined,
            record: options.record as boolean | undefined,
            replay: options.replay as string | undefined,
            shard: options.shard as string | undefined,
            quiet: options.quiet as boolean | undefined,
            verbose: options.verbose as boolean | undefined,
            json: options.json as boolean | undefined,
            skillCreator: options.skillCreator as boolean | undefined,
            keepWorkspaces: options.keepWorkspaces as boolean | undefined,
            environment: options.environment as string | undefined,
            network: options.network as 'deny' | 'open' | undefined,
            evals: options.evals as string | undefined,
            mode: options.mode as 'task' | 'artifact' | 'trigger' | undefined,
          },
          io,
        ),
      );
    });

  program
    .command('merge')
    .description('Join the run directories of a sharded run into one run, with its summary computed again.')
    .argument('<run-dirs...>', 'the shard runs’ --out directories')
    .requiredOption('-o, --out <dir>', 'directory of the joined run')
    .action(async (runDirs: string[], options: { out: string }) => {
      const { mergeCommand } = await import('./commands/merge.js');
      setExitCode(await mergeCommand(runDirs, options, io));
    });

  program
    .command('report')
    .description('Write a run’s outputs again from its results.jsonl: every one, or those named.')
    .argument('<run-dir>', 'the run’s --out directory')
    .option('--html', 'the HTML report (needs @skill-eval/report-html)')
    .option('--junit', 'junit.xml')
    .option('--benchmark', 'skill-creator’s benchmark.json')
    .option('--skill-creator', 'skill-creator’s files: grading.json, timing.json, outputs/ per run, and benchmark.json')
    .option('--agentskills', 'the agentskills.io variant of those files (assertion_results, numeric deltas)')
    .action(
      async (
        runDir: string,
        options: {
          html?: boolean;
          junit?: boolean;
          benchmark?: boolean;
          skillCreator?: boolean;
          agentskills?: boolean;
        },
      ) => {
        const { reportCommand } = await import('./commands/report.js');
        setExitCode(await reportCommand(runDir, options, io));
      },
    );

  program
    .command('compare')
    .description('Show per case what changed between two runs, newly failing first; exit 1 if a case newly fails.')
    .argument('<run-a>', 'the earlier run’s directory')
    .argument('<run-b>', 'the later run’s directory')
    .option('--html <file>', 'also write the comparison as a self-contained HTML page')
    .action(async (runA: string, runB: string, options: { html?: string }) => {
      const { compareCommand } = await import('./commands/compare.js');
      setExitCode(await compareCommand(runA, runB, options, io));
    });

  program
    .command('validate')
    .description('Check eval files and print every problem as file:line:col: severity: message (rule-id).')
    .argument('[paths...]', 'eval files or directories to search (default: .)')
    .option('-f, --format <id>', 'read every file with this format instead of detecting it')
    .option('-c, --config <file>', 'config file (default: skill-eval.config.json)')
    .option(
      '--trust',
      "check as run --trust would: accept what runs only with --trust and load a found config's plugins",
    )
    .option('--evals <path>', 'the evals of the skill folder given as the path (a folder or a file)')
    .action(async (paths: string[], options: { format?: string; config?: string; trust?: boolean; evals?: string }) => {
      const { validateCommand } = await import('./commands/validate.js');
      setExitCode(await validateCommand(paths, options, io));
    });

  program
    .command('convert')
    .description('Write an eval file in another format; whatever the target cannot express is listed.')
    .argument('<file>', 'the eval file to convert')
    .requiredOption('--to <format>', 'target format: evals-json, triggers-json, skillet, skill-up, eval-md, agentv')
    .option('-o, --out <path>', 'output file or folder (default: print to stdout)')
    .option('-f, --format <id>', 'read the file with this format instead of detecting it')
    .option('--force', 'overwrite existing files')
    .option('-c, --config <file>', 'config file (default: skill-eval.config.json)')
    .option('--trust', 'load the plugins and settings of a config found in the project')
    .action(
      async (
        file: string,
        options: { to: string; out?: string; format?: string; force?: boolean; config?: string; trust?: boolean },
      ) => {
        const { convertCommand } = await import('./commands/convert.js');
        setExitCode(await convertCommand(file, options, io));
      },
    );

  program
    .command('engines')
    .description('List every known engine, whether it can run here, and its version.')
    .option('--json', 'print the list as JSON')
    .option('-c, --config <file>', 'config file (default: skill-eval.config.json)')
    .option('--trust', 'load the plugins and settings of a config found in the project')
    .action(async (options: { json?: boolean; config?: string; trust?: boolean }) => {
      const { enginesCommand } = await import('./commands/engines.js');
      setExitCode(await enginesCommand(options, io));
    });

  program
    .command('demo')
    .description('Run the example skills offline on a scripted fake model: a first try, with no key and no network.')
    .option('-o, --out <dir>', 'run directory (default: .skill-eval/runs/<time>-<random>)')
    .action(async (options: { out?: string }) => {
      const { demoCommand } = await import('./commands/demo.js');
      setExitCode(await demoCommand(options, io));
    });

  program
    .command('list')
    .description('Show the suites and cases that would run, without running them.')
    .argument('[paths...]', 'eval files or directories to search (default: .)')
    .option('--json', 'print the plan as JSON')
    .option('-f, --format <id>', 'read every file with this format instead of detecting it')
    .option('-c, --config <file>', 'config file (default: skill-eval.config.json)')
    .option('--trust', 'load the plugins and settings of a config found in the project')
    .option('--evals <path>', 'the evals of the skill folder given as the path (a folder or a file)')
    .addOption(modeOption())
    .action(async (paths: string[], options: Parameters<typeof import('./commands/list.js').listCommand>[1]) => {
      const { listCommand } = await import('./commands/list.js');
      setExitCode(await listCommand(paths, options, io));
    });

  program
    .command('prompt')
    .description(
      'Agent mode without an API key: list the cases, print one case’s input as the engines send it, or (--judge) the judge prompt for an answer.',
    )
    .argument('[paths...]', 'eval files or directories to search (default: .)')
    .option('--case <id>', 'the case to print (its id, or its answer folder)')
    .option(
      '--workspace <dir>',
      'stage the case’s workspace in this folder (with --judge: the folder the agent worked in)',
    )
    .option('--judge', 'print the judge prompt for --answer-file instead of the agent’s input')
    .option('--answer-file <file>', 'the answer the judge prompt grades')
    .option('--answers <dir>', 'the answers folder the printed steps name (default: answers)')
    .option('-e, --engine <id>', 'the engine whose skill root the skill is staged at (default: claude-code)')
    .option('--json', 'print JSON')
    .option('--evals <path>', 'the evals of the skill folder given as the path (a folder or a file)')
    .option('--trust', 'accept what needs --trust to run, and load a found config’s plugins')
    .option('-f, --format <id>', 'read every file with this format instead of detecting it')
    .option('-c, --config <file>', 'config file (default: skill-eval.config.json)')
    .action(async (paths: string[], options: import('./commands/prompt.js').PromptOptions) => {
      const { promptCommand } = await import('./commands/prompt.js');
      setExitCode(await promptCommand(paths, options, io));
    });

  program
    .command('grade')
    .description('Grade the answers an agent wrote (agent mode) and write a normal run directory.')
    .argument('[paths...]', 'eval files or directories to search (default: .)')
    .requiredOption('--answers <dir>', 'the answers folder: <folder>/answer.md per case (skill-eval prompt lists them)')
    .option('--judge <id[:model]>', 'engine that judges the cases whose folder has no judge.json')
    .option('-o, --out <dir>', 'run directory (default: .skill-eval/runs/<time>-<random>)')
    .option('-j, --concurrency <n>', 'cases graded at once (default: 4)')
    .option('--trust', 'allow checks that run code from eval files')
    .addOption(new Option('-q, --quiet', 'print only the final totals').conflicts('verbose'))
    .option('-v, --verbose', 'print each event as it is graded')
    .option('--json', 'print summary.json on stdout and nothing else there')
    .option('--skill-creator', 'also write skill-creator’s layout (grading.json, timing.json, outputs/ per run)')
    .option('--evals <path>', 'the evals of the skill folder given as the path (a folder or a file)')
    .option('-f, --format <id>', 'read every file with this format instead of detecting it')
    .option('-c, --config <file>', 'config file (default: skill-eval.config.json)')
    .action(async (paths: string[], options: import('./commands/grade.js').GradeOptions) => {
      const { gradeCommand } = await import('./commands/grade.js');
      setExitCode(await gradeCommand(paths, options, io));
    });

  program
    .command('optimize-description')
    .description(
      'Find a better description for a skill (skill-creator’s loop): propose, measure with real trigger runs, choose by held-out score.',
    )
    .argument('<skill>', 'the skill’s folder (holding SKILL.md)')
    .option('--triggers <file>', 'the trigger set (default: the skill’s own, found as run finds it)')
    .option('-e, --engine <id[:model]>', 'engine the trigger runs use (default: claude-code)')
    .option('--judge <id[:model]>', 'engine whose model proposes descriptions (default: the --engine)')
    .addOption(new Option('--ek, --engine-kwarg <key=value>', 'engine setting, repeatable').argParser(collect))
    .option('--holdout <fraction>', 'share of each kind of query held out to choose by (default: 0.4; 0: none)')
    .option('--seed <n>', 'seed of the split (default: 42, as skill-creator)')
    .option('--max-iterations <n>', 'descriptions to measure at most (default: 5)')
    .option('--runs-per-query <n>', 'trigger runs per query (default: 3)')
    .option('--trigger-threshold <fraction>', 'trigger rate a should-trigger query must reach (default: 0.5)')
    .addOption(
      new Option('--trigger-detection <mode>', 'first-tool (skill-creator, default) or any-tool (BMAD)').choices([
        'any-tool',
        'first-tool',
      ]),
    )
    .option('-t, --timeout <seconds>', 'limit of one trigger run (default: 30)')
    .option('-j, --concurrency <n>', 'trigger runs at once (default: 4)')
    .option('-o, --out <dir>', 'where the report and the runs go (default: .skill-eval/optimize/<time>-<random>)')
    .option('--apply', 'write the best description into SKILL.md')
    .option('--trust', 'allow commands that come from eval or config files')
    .option('-c, --config <file>', 'config file (default: skill-eval.config.json)')
    .action(async (skill: string, options: Record<string, unknown>) => {
      const { optimizeDescriptionCommand } = await import('./commands/optimize-description.js');
      const { engineKwarg, ...rest } = options;
      setExitCode(await optimizeDescriptionCommand(skill, { ...rest, ek: engineKwarg as string[] | undefined }, io));
    });

  refuseEmptyValues(program);
  return program;
}

/** `--mode`: as BMAD's, it narrows a run to the task (artifact) cases or to the trigger cases. */
const modeOption = () =>
  new Option(
    '--mode <kind>',
    'only the task cases (task, or BMAD’s artifact) or only the trigger cases (trigger)',
  ).choices(['task', 'artifact', 'trigger']);

/**
 * Makes every option that takes a value refuse an empty one (`-o ''`, `--cache-dir ''`): no option means anything by
 * it, and a path left empty would name the working directory, where a run or a cache would then write.
 */
function refuseEmptyValues(program: Command): void {
  for (const option of program.commands.flatMap((command) => command.options)) {
    if (!option.required && !option.optional) continue;
    const parse = option.parseArg;
    option.argParser((value: string, previous: unknown) => {
      if (value.trim() === '') throw new InvalidArgumentError('It cannot be empty.');
      return parse ? parse(value, previous) : value;
    });
  }
}
