import { type Command, Option } from 'commander';
import type { ProgramContext } from './program-context.js';
import { collect } from './shared-options.js';

/** `ci init [paths...]`: a CI workflow that runs the evals on every pull request. */
export function defineCiCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  const ci = program.command('ci').description('Set up skill-eval in CI.');
  ci.command('init')
    .description('Write a GitHub Actions workflow (or a GitLab CI job) that runs the evals on every pull request.')
    .argument('[paths...]', 'eval files or folders to run (default: the folders where eval files are found)')
    .addOption(new Option('--provider <name>', 'the CI to write for').choices(['github', 'gitlab']).default('github'))
    .addOption(
      new Option('-e, --engine <id[:model]>', 'engine to run on, repeatable (default: claude-code)').argParser(collect),
    )
    .option('--judge <id[:model]>', 'engine that grades llm-rubric criteria')
    .option('--no-changed-only', 'run every suite on a pull request, not only those it changed')
    .option('--replay <run-dir>', 'replay this committed recording: no key, no cost')
    .option('--branch <name>', 'the default branch, whose runs pull requests compare with (default: origin’s)')
    .option('--force', 'replace a workflow file that exists')
    .option('-y, --yes', 'ask nothing: the flags, else the defaults')
    .action(async (paths: string[], options: Record<string, unknown>) => {
      const { ciInitCommand } = await import('../commands/ci-init.js');
      setExitCode(await ciInitCommand(paths, options as never, io));
    });
}
