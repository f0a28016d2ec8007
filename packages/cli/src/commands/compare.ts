import { writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { compareRuns, comparisonHtml, comparisonText, readRunDir } from '@skill-eval/report';
import type { CommandIO } from '../io/io.js';
import { warnDamagedLines } from '../run/damaged-lines.js';

/**
 * `skill-eval compare <runA> <runB>`: per case × engine × variant what changed from A to B, newly failing first.
 * Exit 1 when a case is newly failing, so that CI can stop on a regression.
 */
export async function compareCommand(
  runA: string,
  runB: string,
  options: { html?: string },
  io: CommandIO,
): Promise<number> {
  // One after the other: when neither is a run, the message names the first one given, every time.
  const a = await readRunDir(resolve(io.cwd, runA));
  const b = await readRunDir(resolve(io.cwd, runB));
  warnDamagedLines(io, 'compare', runA, a);
  warnDamagedLines(io, 'compare', runB, b);
  // Paths as the user typed them read better than absolute ones.
  const comparison = compareRuns({ ...a, runDir: runA }, { ...b, runDir: runB });
  io.stdout.write(await comparisonText(comparison));
  if (options.html) {
    const file = resolve(io.cwd, options.html);
    await writeFile(file, comparisonHtml(comparison));
    io.stderr.write(`HTML: ${relative(io.cwd, file)}\n`);
  }
  return comparison.changes.some((c) => c.kind === 'newly-failing') ? 1 : 0;
}
