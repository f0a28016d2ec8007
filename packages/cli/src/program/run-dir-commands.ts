import type { Command } from 'commander';
import type { ProgramContext } from './program-context.js';

/** `merge`: the shard runs of one run joined into one. */
export function defineMergeCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('merge')
    .description('Join the run directories of a sharded run into one run, with its summary computed again.')
    .argument('<run-dirs...>', 'the shard runs’ --out directories')
    .requiredOption('-o, --out <dir>', 'directory of the joined run')
    .action(async (runDirs: string[], options: { out: string }) => {
      const { mergeCommand } = await import('../commands/merge.js');
      setExitCode(await mergeCommand(runDirs, options, io));
    });
}

/** `report`: a run's outputs written again from its results. */
export function defineReportCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('report')
    .description('Write a run’s outputs again from its results.jsonl: every one, or those named.')
    .argument('<run-dir>', 'the run’s --out directory')
    .option('--html', 'the HTML report (needs @skill-eval/report-html)')
    .option('--junit', 'junit.xml')
    .option('--benchmark', 'skill-creator’s benchmark.json')
    .option('--skill-creator', 'skill-creator’s files: grading.json, timing.json, outputs/ per run, and benchmark.json')
    .option('--agentskills', 'the agentskills.io variant of those files (assertion_results, numeric deltas)')
    .option('--pr-comment', 'pr-comment.md, the pull-request comment of the GitHub Action (only when named)')
    .option('--base <run-dir>', 'with --pr-comment: the base branch’s run, for newly failing and newly passing cases')
    .option('--report-url <url>', 'with --pr-comment: where the full report is (the workflow run)')
    .action(
      async (
        runDir: string,
        options: {
          html?: boolean;
          junit?: boolean;
          benchmark?: boolean;
          skillCreator?: boolean;
          agentskills?: boolean;
          prComment?: boolean;
          base?: string;
          reportUrl?: string;
        },
      ) => {
        const { reportCommand } = await import('../commands/report.js');
        setExitCode(await reportCommand(runDir, options, io));
      },
    );
}

/** `compare`: what changed per case between two runs. */
export function defineCompareCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('compare')
    .description('Show per case what changed between two runs, newly failing first; exit 1 if a case newly fails.')
    .argument('<run-a>', 'the earlier run’s directory')
    .argument('<run-b>', 'the later run’s directory')
    .option('--html <file>', 'also write the comparison as a self-contained HTML page')
    .action(async (runA: string, runB: string, options: { html?: string }) => {
      const { compareCommand } = await import('../commands/compare.js');
      setExitCode(await compareCommand(runA, runB, options, io));
    });
}
