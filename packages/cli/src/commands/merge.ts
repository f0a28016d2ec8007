import { relative, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import type { CommandIO } from '../io/io.js';
import { assertShardsOfOneRun } from '../run/shards-of-one-run.js';

export interface MergeOptions {
  /** Directory of the joined run. */
  out: string;
}

/**
 * `skill-eval merge <runDirs...> --out DIR`: the shards of a run joined into one run directory, its totals and case
 * verdicts computed again, with the files every run writes (cases.json, junit.xml); prints the joined run's table
 * and totals. Exit status as `run`'s.
 */
export async function mergeCommand(runDirs: string[], options: MergeOptions, io: CommandIO): Promise<number> {
  const { mergeRuns } = await import('@skill-eval/runner');
  const { createConsoleReporter, mergeCaseIndexes, readCaseIndex, writeCaseIndex, writeJunit } = await import(
    '@skill-eval/report'
  );
  const inputs = runDirs.map((dir) => resolve(io.cwd, dir));
  const outDir = resolve(io.cwd, options.out);
  const twice = inputs.find((dir, i) => inputs.indexOf(dir) !== i);
  if (twice) {
    throw new SkillEvalError('USAGE', `${relative(io.cwd, twice) || '.'} is given twice; each shard joins once.`, {
      hint: 'Name each shard’s run directory once.',
    });
  }
  await assertShardsOfOneRun(inputs, io.cwd);
  const { summary, results, warnings } = await mergeRuns(inputs, outDir);
  // Each shard indexed the cases it was given; the joined run's index holds each of them once.
  const cases = mergeCaseIndexes(await Promise.all(inputs.map(readCaseIndex)));
  if (cases) await writeCaseIndex(outDir, cases);
  else warnings.push('No run has a cases.json (runs of an older skill-eval?): reports name no eval file or prompt.');
  await writeJunit(outDir, results, cases ? { cases } : {});
  for (const warning of warnings) io.stderr.write(`skill-eval merge: ${warning}\n`);
  io.stdout.write(
    `Merged ${results.length} executions from ${runDirs.length} run(s) into ${relative(io.cwd, outDir) || '.'}\n`,
  );
  await createConsoleReporter({ cwd: io.cwd, stream: (io.raw ?? io).stdout }).onRunEnd?.(summary, results);
  if (summary.interrupted) return 130;
  return summary.caseTotals.failed + summary.caseTotals.errors === 0 ? 0 : 1;
}
