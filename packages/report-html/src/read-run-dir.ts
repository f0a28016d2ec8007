import { join } from 'node:path';
import {
  type CaseResult,
  type RunSummary,
  RunSummarySchema,
  readRunResults,
  type Session,
  SkillEvalError,
} from '@skill-eval/core';
import { readUntrustedText } from '@skill-eval/engine-kit/agent-files';
import type { LeftOut } from './report-data.js';
import { runDirFiles } from './run-dir-files.js';

/** A run directory as the report reads it. */
export interface RunDirContents {
  summary: RunSummary;
  results: CaseResult[];
  /** Lines of results.jsonl that could not be read. */
  damagedLines: number;
  /** The full transcript of an execution, when the run kept a readable one, or why it was left out. */
  transcript: (executionId: string) => Promise<Session | LeftOut | undefined>;
  /** Files under `artifacts/<executionId>/`, as `/`-separated paths relative to the run directory. */
  artifacts: (executionId: string) => Promise<string[]>;
  /** The files `transcript` and `artifacts` left out so far (a link, a FIFO, a file over the cap), and why. */
  leftOut: readonly string[];
}

/**
 * Reads results.jsonl and summary.json of a run directory, and gives lazy access to its transcripts and
 * artifacts. Throws SkillEvalError USAGE when the directory is not a finished run.
 */
export async function readRunDir(runDir: string, options: { summary?: RunSummary } = {}): Promise<RunDirContents> {
  const read = await readRunResults(runDir);
  if (read === undefined) {
    throw new SkillEvalError('USAGE', `${runDir} holds no results.jsonl: it is not a run directory.`, {
      hint: 'Pass the directory a run wrote its results to (its --out).',
    });
  }
  const { results, damagedLines } = read;
  const summary = options.summary ?? (await readSummary(runDir));
  const files = runDirFiles(runDir, results);
  return {
    summary,
    results,
    damagedLines,
    transcript: files.transcript,
    artifacts: files.artifacts,
    leftOut: files.leftOut,
  };
}

async function readSummary(runDir: string): Promise<RunSummary> {
  let text: string;
  try {
    // Through the file layer: summary.json of someone else's run may be a link, a FIFO or a device.
    text = await readUntrustedText(join(runDir, 'summary.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new SkillEvalError('BAD_INPUT', `${(error as Error).message}.`, {
        hint: 'A run directory holds summary.json as a regular file: replace what is there, or run the evals again.',
      });
    throw new SkillEvalError('USAGE', `${runDir} has no summary.json: the run did not finish.`, {
      hint: 'Finish it with `skill-eval run --resume`, then build the report.',
    });
  }
  const parsed = RunSummarySchema.safeParse(safeJson(text));
  if (!parsed.success) {
    throw new SkillEvalError('BAD_INPUT', `${join(runDir, 'summary.json')} is not a run summary.`, {
      hint: parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; '),
    });
  }
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
