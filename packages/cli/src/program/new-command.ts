import type { Command } from 'commander';
import type { ProgramContext } from './program-context.js';

/** `new <kind> <name>`: a plugin package to start from, that builds and passes its conformance suite. */
export function defineNewCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('new')
    .description(
      'Create a plugin package (engine, format or environment) that builds and passes its conformance suite.',
    )
    .argument('<kind>', 'engine, format or environment')
    .argument('<name>', 'the plugin id, as in --engine <name>: lower-case letters, digits and dashes')
    .option('-d, --dir <dir>', 'folder to create (default: ./skill-eval-<kind>-<name>)')
    .action(async (kind: string, name: string, options: { dir?: string }) => {
      const { newPluginCommand } = await import('../commands/new-plugin.js');
      setExitCode(newPluginCommand(kind, name, options, io));
    });
}
