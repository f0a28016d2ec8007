import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type CaseOutcome, type CaseResult, type RunSummary, terminalLine } from '@skill-eval/core';
import {
  CopyBudget,
  copyAgentFile,
  entryKind,
  isRefusal,
  listAgentFiles,
  makeFolders,
  openInside,
  writeHarnessFileAtomically,
} from '@skill-eval/engine-kit/agent-files';
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
  /**
   * Told of each collected file not copied into `outputs/` (a link, a FIFO, one over the size caps), and why; default:
   * a line on stderr.
   */
  warn?: (message: string) => void;
}

/**
 * Writes `text` to `file`, below the run directory `base`, through the file layer: the run directory may be someone
 * else's (committed, downloaded), so a link on the way is refused, and whatever is at the file (a link, a FIFO, a hard
 * link to another file) is replaced whole, never written through (writeHarnessFileAtomically).
 */
const writeText = (base: string, file: string, text: string) => writeHarnessFileAtomically(base, file, text);
const writeJson = (base: string, file: string, value: unknown) =>
  writeText(base, file, `${JSON.stringify(value, null, 2)}\n`);

const outcomeFinder =
  (summary?: RunSummary) =>
  (r: CaseResult): CaseOutcome | undefined =>
    summary?.cases.find(
      (o) => o.suiteId === r.suiteId && o.caseId === r.caseId && o.engine === r.engine && o.variant === r.variant,
    );

/** An execution id that names one folder of `artifacts/`: not empty, no separator, not `.` or `..`. */
const isFolderName = (id: string) => id !== '' && id !== '.' && id !== '..' && !/[/\\\0]/.test(id);

/**
 * The files the execution's artifact globs collected, as the run directory holds them (`artifacts/<execution>/
 * collected/`, listed on disk as the HTML report lists them): results.jsonl's `collected` names them too, but a run
 * directory may be someone else's, and a name there could lead anywhere. Each is copied through the file layer: no
 * link followed, regular files only, within the copy caps, nothing written through what is already there.
 */
async function copyCollected(runDir: string, result: CaseResult, outputs: string, warn: (m: string) => void) {
  if (!isFolderName(result.executionId)) return;
  const rel = `artifacts/${result.executionId}/collected`;
  const opened = await openInside(runDir, rel, 'directory');
  if (isRefusal(opened)) {
    if (opened.refused === 'missing') return;
    const found = await entryKind(runDir, rel);
    const why = found?.kind === 'link' ? 'it is a symbolic link, which is never followed' : 'it is not a folder';
    warn(`${rel} was not read: ${opened.refused === 'not-a-file' ? why : opened.message.replace(`${rel} `, 'it ')}.`);
    return;
  }
  await opened.handle.close();
  const from = join(runDir, rel);
  const budget = new CopyBudget();
  const files = await listAgentFiles(from, { onSkip: (file, what) => budget.skip(file, `it is ${what}`) }).catch(
    () => [],
  );
  const made = new Set<string>();
  for (const file of files)
    await copyAgentFile({ root: from, rel: file, base: runDir, to: join(outputs, file), budget, made });
  for (const w of budget.warnings) warn(`${rel}/${w.message}`);
}

/** The collected artifacts and the agent's last message become the run's `outputs/`, as skill-creator's viewer shows them. */
async function writeOutputs(
  runDir: string,
  result: CaseResult,
  dir: string,
  warn: (message: string) => void,
): Promise<void> {
  const outputs = join(dir, 'outputs');
  await makeFolders(runDir, outputs);
  await copyCollected(runDir, result, outputs, warn);
  if (result.session?.finalMessage)
    await writeText(runDir, join(outputs, 'final_message.md'), result.session.finalMessage);
}

/** The size of the execution's transcript, when it is a regular file inside the run directory (no link followed). */
async function transcriptSize(runDir: string, result: CaseResult): Promise<number> {
  if (!result.transcriptFile) return 0;
  const found = await entryKind(runDir, result.transcriptFile);
  return found?.kind === 'file' ? found.size : 0;
}

/**
 * `eval_metadata.json` of an eval, in its directory (where aggregate_benchmark.py reads `eval_id`) and in each of
 * its configuration directories: skill-creator's viewer looks for it only in a run directory and the one above,
 * which for `run-<k>` directories is the configuration's.
 */
async function evalMetadata(
  runDir: string,
  root: string,
  entry: EvalEntry,
  configurations: ReadonlySet<string>,
): Promise<void> {
  const metadata = {
    eval_id: entry.evalId,
    eval_name: entry.evalName,
    prompt: entry.indexed?.turns.join('\n\n') ?? '',
    assertions: entry.indexed?.assertions ?? [],
  };
  const evalDir = join(root, entry.iterationDir, entry.dirName);
  for (const dir of [evalDir, ...[...configurations].map((c) => join(evalDir, c))])
    await writeJson(runDir, join(dir, 'eval_metadata.json'), metadata);
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
  const warn = options.warn ?? ((message: string) => process.stderr.write(`skill-eval: ${terminalLine(message)}\n`));
  if (options.runs !== false) {
    // Regenerating replaces the layout whole, so that no run of an older report is left behind.
    await rm(root, { recursive: true, force: true });
    const evals = new Map<EvalEntry, Set<string>>();
    for (const r of results) {
      const placement = placements.get(r.executionId);
      if (!placement) continue;
      const dir = join(root, placement.runDir);
      const transcriptChars = await transcriptSize(runDir, r);
      const outcome = outcomeOf(r);
      await writeJson(
        runDir,
        join(dir, 'grading.json'),
        gradingJson(r, flavor, { transcriptChars, ...(outcome ? { outcome } : {}) }),
      );
      await writeJson(runDir, join(dir, 'timing.json'), timingJson(r, flavor));
      await writeOutputs(runDir, r, dir, warn);
      evals.set(placement.eval, (evals.get(placement.eval) ?? new Set()).add(placement.configuration));
    }
    for (const [entry, configurations] of evals) await evalMetadata(runDir, root, entry, configurations);
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
    await writeJson(
      runDir,
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
