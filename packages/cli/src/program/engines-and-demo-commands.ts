import { type Command, Option } from 'commander';
import type { ProgramContext } from './program-context.js';
import { collect, configOption, formatOption } from './shared-options.js';

/** `engines`: every known engine and whether it can run here. */
export function defineEnginesCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('engines')
    .description('List every known engine, whether it can run here, and its version.')
    .option('--json', 'print the list as JSON')
    .addOption(configOption())
    .option('--trust', 'load the plugins and settings of a config found in the project')
    .action(async (options: { json?: boolean; config?: string; trust?: boolean }) => {
      const { enginesCommand } = await import('../commands/engines.js');
      setExitCode(await enginesCommand(options, io));
    });
}

/** `demo`: the example skills run offline on the fake model. */
export function defineDemoCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('demo')
    .description('Run the example skills offline on a scripted fake model: a first try, with no key and no network.')
    .option('-o, --out <dir>', 'run directory (default: .skill-eval/runs/<time>-<random>)')
    .action(async (options: { out?: string }) => {
      const { demoCommand } = await import('../commands/demo.js');
      setExitCode(await demoCommand(options, io));
    });
}

/** `doctor`: whether a run with these paths and options could start here, and what to do about each problem. */
export function defineDoctorCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('doctor')
    .description('Say whether `run` with the same paths and options could start here, and what to fix first.')
    .argument('[paths...]', 'eval files or directories, as for run (default: .)')
    .addOption(
      new Option('-e, --engine <id[:model]>', 'engine the run would use, repeatable (default: claude-code)').argParser(
        collect,
      ),
    )
    .option('--judge <id[:model]>', 'engine that would grade llm-rubric criteria (default: anthropic)')
    .addOption(new Option('--ek, --engine-kwarg <key=value>', 'engine setting, as for run').argParser(collect))
    .option('--environment <type[:image]>', 'where the executions would run: docker:<image>, opensandbox:<image>, none')
    .option('--verify-models', 'send each engine and the judge one tiny request, to know the key and model work')
    .option('--json', 'print the report as JSON')
    .addOption(configOption())
    .addOption(formatOption())
    .option('--trust', 'load the plugins and settings of a config found in the project, as run --trust does')
    .action(async (paths: string[], options: Record<string, unknown>) => {
      const { engineKwarg, ...named } = options;
      const { doctorCommand } = await import('../commands/doctor.js');
      setExitCode(await doctorCommand(paths, { ...named, ek: engineKwarg } as never, io));
    });
}
