import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CaseOutcome, CaseResult, RunSummary } from '@skill-eval/core';
import type { CaseIndex } from '../run-dir/case-index.js';
import { benchmarkJson } from './benchmark-json.js';
import { type EvalEntry, placeExecutions, type RunPlacement } from './eval-layout.js';
import { flavorRoot, type SkillCreatorFlavor } from './flavor.js';
import { gradingJson, timingJson } from './grading-json.js';

/** What to write and from what. */
export interface SkillCreatorOutputOptions {
  flavor?: SkillCreatorFlavor;
  /** Write each execution's grading.json, timing.json and outputs/ (default true). */
  runs?: boolean;
  /** Write each iteration's benchmark.json (default true). */
  benchmark?: boolean;
  summary?: RunSummary;
  cases?: CaseIndex;
}

const writeJson = (file: string, value: unknown) => writeFile(file, `${JSON.stringify(value, null, 2)}\n`);

const outcomeFinder =
  (summary?: RunSummary) =>
  (r: CaseResult): CaseOutcome | undefined =>
    summary?.cases.find(
      (o) => o.suiteId === r.suiteId && o.caseId === r.caseId && o.engine === r.engine && o.variant === r.variant,
    );

/** The collected artifacts and the agent's last message become the run's `outputs/`, as skill-creator's viewer shows them. */
async function writeOutputs(runDir: string, result: CaseResult, dir: string): Promise<void> {
  const outputs = join(dir, 'outputs');
  await mkdir(outputs, { recursive: true });
  const prefix = `artifacts/${result.executionId}/collected/`;
  for (const rel of result.workspace?.collected ?? []) {
    const to = join(outputs, rel.startsWith(prefix) ? rel.slice(prefix.length) : rel);
    await mkdir(dirname(to), { recursive: true });
    await copyFile(join(runDir, rel), to).catch(() => undefined);
  }
  if (result.session?.finalMessage) await writeFile(join(outputs, 'final_message.md'), result.session.finalMessage);
}

/**
 * `eval_metadata.json` of an eval, in its directory (where aggregate_benchmark.py reads `eval_id`) and in each of
 * its configuration directories: skill-creator's viewer looks for it only in a run directory and the one above,
 * which for `run-<k>` directories is the configuration's.
 */
async function evalMetadata(root: string, entry: EvalEntry, configurations: ReadonlySet<string>): Promise<void> {
  const metadata = {
    eval_id: entry.evalId,
    eval_name: entry.evalName,
    prompt: entry.indexed?.turns.join('\n\n') ?? '',
    assertions: entry.indexed?.assertions ?? [],
  };
  const evalDir = join(root, entry.iterationDir, entry.dirName);
  for (const dir of [evalDir, ...[...configurations].map((c) => join(evalDir, c))])
    await writeJson(join(dir, 'eval_metadata.json'), metadata);
}

/**
 * Writes skill-creator's workspace layout into `<runDir>/skill-creator/` (or `agentskills/`):
 * `iteration-1/eval-<id>/<with_skill|without_skill|old_skill>/run-<k>/{grading.json, timing.json, outputs/}`, an
 * `eval_metadata.json` per eval and `iteration-1/benchmark.json`, so that skill-creator's viewer and
 * aggregate_benchmark.py read the run. Returns the benchmark.json files written.
 */
export async function writeSkillCreatorOutputs(
  runDir: string,
  results: readonly CaseResult[],
  options: SkillCreatorOutputOptions = {},
): Promise<string[]> {
  const flavor = options.flavor ?? 'skill-creator';
  const root = join(runDir, flavorRoot(flavor));
  const placements = placeExecutions(results, options.cases);
  const outcomeOf = outcomeFinder(options.summary);
  if (options.runs !== false) {
    // Regenerating replaces the layout whole, so that no run of an older report is left behind.
    await rm(root, { recursive: true, force: true });
    const evals = new Map<EvalEntry, Set<string>>();
    for (const r of results) {
      const placement = placements.get(r.executionId);
      if (!placement) continue;
      const dir = join(root, placement.runDir);
      await mkdir(dir, { recursive: true });
      const transcriptChars = r.transcriptFile
        ? await stat(join(runDir, r.transcriptFile)).then(
            (s) => s.size,
            () => 0,
          )
        : 0;
      const outcome = outcomeOf(r);
      await writeJson(
        join(dir, 'grading.json'),
        gradingJson(r, flavor, { transcriptChars, ...(outcome ? { outcome } : {}) }),
      );
      await writeJson(join(dir, 'timing.json'), timingJson(r, flavor));
      await writeOutputs(runDir, r, dir);
      evals.set(placement.eval, (evals.get(placement.eval) ?? new Set()).add(placement.configuration));
    }
    for (const [entry, configurations] of evals) await evalMetadata(root, entry, configurations);
  }
  if (options.benchmark === false) return [];
  const byIteration = new Map<string, { results: CaseResult[]; placements: Map<string, RunPlacement> }>();
  for (const r of results) {
    const placement = placements.get(r.executionId);
    if (!placement) continue;
    const group = byIteration.get(placement.eval.iterationDir) ?? {
      results: [] as CaseResult[],
      placements: new Map<string, RunPlacement>(),
    };
    group.results.push(r);
    group.placements.set(r.executionId, placement);
    byIteration.set(placement.eval.iterationDir, group);
  }
  const written: string[] = [];
  for (const [iterationDir, group] of byIteration) {
    const skill = [...group.placements.values()].find((p) => p.eval.indexed?.skill)?.eval.indexed?.skill;
    const file = join(root, iterationDir, 'benchmark.json');
    await mkdir(dirname(file), { recursive: true });
    await writeJson(
      file,
      benchmarkJson(group.results, group.placements, flavor, {
        metadata: {
          ...(skill ? { skillName: skill.name, skillPath: skill.dir } : {}),
          ...(options.summary ? { timestamp: options.summary.startedAt } : {}),
        },
        ...(options.summary ? { outcomes: options.summary.cases } : {}),
      }),
    );
    written.push(file);
  }
  return written;
}
