import type { Command } from 'commander';
import type { ProgramContext } from './program-context.js';
import { caseOption, configOption, formatOption, modeOption, noParseCacheOption, tagOption } from './shared-options.js';

/** `validate`: every problem of the eval files, none run. */
export function defineValidateCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('validate')
    .description('Check eval files and print every problem as file:line:col: severity: message (rule-id).')
    .argument('[paths...]', 'eval files or directories to search (default: .)')
    .addOption(formatOption())
    .addOption(configOption())
    .option(
      '--trust',
      "check as run --trust would: accept what runs only with --trust and load a found config's plugins",
    )
    .option('--evals <path>', 'the evals of the skill folder given as the path (a folder or a file)')
    .addOption(noParseCacheOption())
    .action(
      async (paths: string[], options: Parameters<typeof import('../commands/validate.js').validateCommand>[1]) => {
        const { validateCommand } = await import('../commands/validate.js');
        setExitCode(await validateCommand(paths, options, io));
      },
    );
}

/** `check`: skill folders against the Agent Skills specification and the agents' loading rules, none run. */
export function defineCheckCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('check')
    .description(
      'Check skill folders against the Agent Skills specification, offline: file:line:col: severity: message (rule-id).',
    )
    .argument('[paths...]', 'skill folders, SKILL.md files, or folders of skills (default: .)')
    .option('--json', 'print the skills and diagnostics as JSON')
    .action(async (paths: string[], options: { json?: boolean }) => {
      const { checkCommand } = await import('../commands/check.js');
      setExitCode(await checkCommand(paths, options, io));
    });
}

/** `convert`: an eval file written in another format. */
export function defineConvertCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('convert')
    .description('Write an eval file in another format; whatever the target cannot express is listed.')
    .argument('<file>', 'the eval file to convert')
    .requiredOption(
      '--to <format>',
      'target format: evals-json, triggers-json, skillet, skill-up, eval-md, agentv, claude-plugin-eval, promptfoo',
    )
    .option('-o, --out <path>', 'output file or folder (default: print to stdout)')
    .addOption(formatOption('the file'))
    .option('--force', 'overwrite existing files')
    .addOption(configOption())
    .option('--trust', 'load the plugins and settings of a config found in the project')
    .action(
      async (
        file: string,
        options: { to: string; out?: string; format?: string; force?: boolean; config?: string; trust?: boolean },
      ) => {
        const { convertCommand } = await import('../commands/convert.js');
        setExitCode(await convertCommand(file, options, io));
      },
    );
}

/** `list`: the suites and cases that would run. */
export function defineListCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('list')
    .description('Show the suites and cases that would run, without running them.')
    .argument('[paths...]', 'eval files or directories to search (default: .)')
    .option('--json', 'print the plan as JSON')
    .addOption(formatOption())
    .addOption(configOption())
    .option('--trust', 'load the plugins and settings of a config found in the project')
    .option('--evals <path>', 'the evals of the skill folder given as the path (a folder or a file)')
    .addOption(modeOption())
    .addOption(caseOption())
    .addOption(tagOption())
    .addOption(noParseCacheOption())
    .action(async (paths: string[], options: Parameters<typeof import('../commands/list.js').listCommand>[1]) => {
      const { listCommand } = await import('../commands/list.js');
      setExitCode(await listCommand(paths, options, io));
    });
}
