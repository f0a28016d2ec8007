import { describe, it } from 'vitest';
import { runHostile } from '../results-and-secrets/hostile-run.js';
import { artifactCases, commandCases, copyBackCases, graderCases } from './planted-files.js';

/**
 * Issue 36's hostile corpus for the file layer: agents (the command engine running shell scripts) that plant links to
 * host files and folders, FIFOs, and sparse files over the caps where skill-eval reads or copies their files — the
 * graders, artifact collection, the copy-back of their own output files, kept workspaces — and run directories and
 * output folders planted the same way for merge, convert and report. Each asserts that nothing outside was read or
 * written, nothing hung, and the warning names the file skipped (see runHostile for what every case checks besides).
 */
const groups = [
  ['graders reading workspace files', graderCases],
  ['artifact collection', artifactCases],
  ['the copy-back of output files', copyBackCases],
  ['merge, convert and report', commandCases],
] as const;

for (const [what, cases] of groups) {
  describe.runIf(process.platform !== 'win32')(`hostile files planted for ${what}`, () => {
    it.each(cases.map((c) => [c.name, c] as const))(
      '%s',
      async (_, hostile) => {
        await runHostile(hostile);
      },
      60_000,
    );
  });
}
