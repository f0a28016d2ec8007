import { join } from 'node:path';
import {
  type CaseResult,
  type RunSummary,
  RunSummarySchema,
  readRegularText,
  readRunResults,
  SkillEvalError,
} from '@skill-eval/core';
import { type CaseIndex, caseKey } from './case-index.js';
import { readCaseIndex } from './case-index-file.js';

/** What a run directory holds, as reports read it. */
export interface RunRecord {
  runDir: string;
  /** Every execution's result, in the order they finished. */
  results: CaseResult[];
  /** summary.json, when the run wrote one. */
  summary?: RunSummary;
  /** cases.json, when the run wrote one (runs started before it existed have none). */
  cases?: CaseIndex;
  /** Lines of results.jsonl that are not a result (cut off by an interrupt, damaged, another version): readRunDir counts them. */
  damagedLines?: number;
}

const readText = (file: string): Promise<string | undefined> =>
  readRegularText(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });

function parseJson<T>(text: string, parse: (value: unknown) => T): T | undefined {
  try {
    return parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * Reads results.jsonl (plus summary.json and cases.json when present) without changing anything. A line that
 * is not a result (cut off by an interrupt, from another version) is left out and counted in `damagedLines`; no
 * results.jsonl is a usage error, and one with lines skill-eval did not write (see readRunResults) bad input.
 */
export async function readRunDir(runDir: string): Promise<RunRecord> {
  const cases = await readCaseIndex(runDir);
  const caseKinds = cases && new Map(cases.cases.map((c) => [caseKey(c.suiteId, c.caseId), c.kind]));
  const read = await readRunResults(runDir, caseKinds ? { caseKinds } : {});
  if (read === undefined) {
    throw new SkillEvalError('USAGE', `${runDir} holds no results.jsonl.`, {
      hint: 'Pass the directory of a run (the --out directory of skill-eval run, by default .skill-eval/runs/<timestamp>).',
    });
  }
  const { results, damagedLines } = read;
  const summaryText = await readText(join(runDir, 'summary.json'));
  const summary = summaryText ? parseJson(summaryText, (v) => RunSummarySchema.parse(v)) : undefined;
  return {
    runDir,
    results,
    ...(summary ? { summary } : {}),
    ...(cases ? { cases } : {}),
    damagedLines,
  };
}
