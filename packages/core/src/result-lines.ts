import { type CaseResult, CaseResultSchema } from './result.js';

/**
 * The results of a results.jsonl text in file order, and how many of its non-empty lines are not a result (cut off
 * by an interrupt, edited, from another version): whoever reads a run says how many it skipped.
 */
export function readResultLines(text: string): { results: CaseResult[]; damagedLines: number } {
  const results: CaseResult[] = [];
  let damagedLines = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      results.push(CaseResultSchema.parse(JSON.parse(line)));
    } catch {
      damagedLines++;
    }
  }
  return { results, damagedLines };
}

/** Each execution's last result, in the order of those last lines: a resumed run's later line replaces the earlier. */
export function latestPerExecution(results: readonly CaseResult[]): CaseResult[] {
  const byId = new Map<string, CaseResult>();
  for (const result of results) {
    byId.delete(result.executionId);
    byId.set(result.executionId, result);
  }
  return [...byId.values()];
}
