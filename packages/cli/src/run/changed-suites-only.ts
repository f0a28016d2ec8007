import { relative } from 'node:path';
import type { Suite } from '@skill-eval/core';
import { changedFilesSince, selectChangedSuites } from '@skill-eval/runner';
import type { CommandIO } from '../io/io.js';

/**
 * `run --changed <ref>`: the suites whose inputs changed since the ref, with a line saying which run and which were
 * skipped and why (one line under --quiet).
 */
export async function changedSuitesOnly(
  suites: Suite[],
  ref: string,
  io: CommandIO,
  { quiet }: { quiet: boolean },
): Promise<Suite[]> {
  const changedFiles = await changedFilesSince(ref, io.cwd, io.env as NodeJS.ProcessEnv);
  const { changed, unchanged } = await selectChangedSuites(suites, changedFiles.files, io.cwd);
  const since = changedFiles.since.slice(0, 12);
  io.stderr.write(
    `--changed ${ref} (since ${since}, ${changedFiles.files.size} changed file${changedFiles.files.size === 1 ? '' : 's'}): ${changed.length} of ${suites.length} suite${suites.length === 1 ? '' : 's'} to run.\n`,
  );
  if (!quiet) {
    const name = (suite: Suite) => relative(io.cwd, suite.file) || suite.file;
    for (const { suite, because } of changed) io.stderr.write(`  runs   ${name(suite)} (${because} changed)\n`);
    for (const { suite, why } of unchanged) io.stderr.write(`  skips  ${name(suite)}: ${why}\n`);
  }
  return changed.map((c) => c.suite);
}
