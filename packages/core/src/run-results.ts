import { join } from 'node:path';
import { SkillEvalError } from './errors.js';
import { readRegularText } from './regular-file.js';
import type { CaseResult } from './result.js';
import { isMissingFile, type ResultLine, resultLinesOf } from './result-lines.js';
import { RUN_MANIFEST_FILE, RunManifestSchema } from './run-manifest.js';

/** What a run directory says its results must be: the plan of its run.json, and the cases of its cases.json. */
export interface RunPlan {
  /** Execution ids of the run's plan (run.json), when it has one. */
  executions?: ReadonlySet<string>;
  /** The kind of each case of the run (cases.json), by `JSON.stringify([suiteId, caseId])`, when it has one. */
  caseKinds?: ReadonlyMap<string, 'task' | 'trigger'>;
}

/**
 * The results of a run directory's results.jsonl in file order, and how many of its non-blank lines are not a result
 * (cut off by an interrupt, from another version); undefined when there is none. Only skill-eval writes the file, one
 * line per planned execution, so a line that repeats an execution, names one the run's plan (run.json) does not
 * hold, or is about a case the run does not have (cases.json) was written by
 * something else: the file is refused with an error naming the line, rather than a report of forged verdicts.
 */
export async function readRunResults(
  runDir: string,
  plan: RunPlan = {},
): Promise<{ results: CaseResult[]; damagedLines: number } | undefined> {
  const file = join(runDir, 'results.jsonl');
  const executions = plan.executions ?? (await readPlannedExecutions(runDir));
  const firstLine = new Map<string, number>();
  const results: CaseResult[] = [];
  let damagedLines = 0;
  try {
    for await (const line of resultLinesOf(file)) {
      if (!line.result) {
        damagedLines++;
        continue;
      }
      const problem = lineProblem(line as ResultLine & { result: CaseResult }, firstLine, executions, plan.caseKinds);
      if (problem) {
        throw new SkillEvalError('BAD_INPUT', `${file}:${line.line}: ${problem}`, {
          hint: 'Only skill-eval writes results.jsonl, one line per execution of its run: this one was changed by something else. Run the evals again rather than trust its verdicts.',
        });
      }
      firstLine.set(line.result.executionId, line.line);
      results.push(line.result);
    }
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
  return { results, damagedLines };
}

function lineProblem(
  { result, line }: ResultLine & { result: CaseResult },
  firstLine: ReadonlyMap<string, number>,
  executions: ReadonlySet<string> | undefined,
  caseKinds: ReadonlyMap<string, 'task' | 'trigger'> | undefined,
): string | undefined {
  const id = JSON.stringify(result.executionId);
  const earlier = firstLine.get(result.executionId);
  if (earlier !== undefined)
    return `execution ${id} has a result already, at line ${earlier}; line ${line} repeats it.`;
  if (executions && !executions.has(result.executionId)) return `execution ${id} is not in the run's plan (run.json).`;
  if (caseKinds) {
    const kind = caseKinds.get(JSON.stringify([result.suiteId, result.caseId]));
    if (kind === undefined)
      return `case ${JSON.stringify(result.caseId)} of ${result.suiteId} is not a case of the run (cases.json).`;
    if (kind !== result.kind)
      return `case ${JSON.stringify(result.caseId)} is a ${kind} case, not a ${result.kind} case.`;
  }
  return undefined;
}

/** The plan of the run.json in `runDir`; undefined when it has none, or one that cannot be read (an older run). */
async function readPlannedExecutions(runDir: string): Promise<Set<string> | undefined> {
  try {
    return new Set(RunManifestSchema.parse(JSON.parse(await readRegularText(join(runDir, RUN_MANIFEST_FILE)))).plan);
  } catch {
    return undefined;
  }
}
