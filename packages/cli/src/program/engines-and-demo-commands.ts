import type { Command } from 'commander';
import type { ProgramContext } from './program-context.js';
import { configOption } from './shared-options.js';

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
