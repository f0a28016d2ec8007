import { type Command, Option } from 'commander';
import type { ProgramContext } from './program-context.js';
import { configOption, formatOption } from './shared-options.js';

/** `prompt`: agent mode's case list, case input and judge prompt. */
export function definePromptCommand(program: Command, { io, setExitCode }: ProgramContext): void {
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
    .addOption(formatOption())
    .addOption(configOption())
    .action(async (paths: string[], options: import('../commands/prompt.js').PromptOptions) => {
      const { promptCommand } = await import('../commands/prompt.js');
      setExitCode(await promptCommand(paths, options, io));
    });
}

/** `grade`: agent mode's answers graded into a run directory. */
export function defineGradeCommand(program: Command, { io, setExitCode }: ProgramContext): void {
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
    .addOption(formatOption())
    .addOption(configOption())
    .action(async (paths: string[], options: import('../commands/grade.js').GradeOptions) => {
      const { gradeCommand } = await import('../commands/grade.js');
      setExitCode(await gradeCommand(paths, options, io));
    });
}
