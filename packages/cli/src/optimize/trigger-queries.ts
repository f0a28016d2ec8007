import { hasErrors, SkillEvalError } from '@skill-eval/core';
import type { CommandIO } from '../io/io.js';
import { loadEvalFiles } from '../loading/load-eval-files.js';
import { printDiagnostics } from '../loading/print-diagnostics.js';
import type { SplitQuery } from './measure-description.js';
import type { OptimizeSettings } from './optimize-settings.js';
import { splitQueries } from './split-queries.js';

/**
 * The trigger set — the file named, or the skill's own trigger cases wherever `run` would find them — split into
 * training and held-out queries, with the registry it was read with. A faulty or empty set throws.
 */
export async function triggerQueries(
  source: { skillPath: string; triggers?: string },
  settings: OptimizeSettings,
  io: CommandIO,
) {
  const { engineSpec, judgeSpec, holdout, seed } = settings;
  const { registry, suites, diagnostics } = await loadEvalFiles(
    [source.triggers ?? source.skillPath],
    { select: { mode: 'trigger' }, engines: [engineSpec.id, judgeSpec.id], trust: settings.trust },
    settings.config,
    io,
  );
  printDiagnostics(diagnostics, io.cwd, io.stderr);
  if (hasErrors(diagnostics))
    throw new SkillEvalError('BAD_INPUT', 'The trigger set has errors (above); fix them first.');
  const cases = suites.flatMap((s) => s.cases);
  if (cases.length === 0) {
    throw new SkillEvalError('BAD_INPUT', `No trigger queries found for ${source.skillPath}.`, {
      hint: 'Give the skill a triggers.json ([{"query": "…", "should_trigger": true}, …]) in its evals/ folder, or name one with --triggers.',
    });
  }
  const queries = cases.map((c) => ({ query: c.turns[0]!, shouldTrigger: c.shouldTrigger ?? true, source: c.source }));
  const { train, test } = splitQueries(queries, holdout, seed);
  const split: SplitQuery[] = [
    ...train.map((q) => ({ ...q, set: 'train' as const })),
    ...test.map((q) => ({ ...q, set: 'test' as const })),
  ];
  return { registry, split, train: train.length, test: test.length };
}
