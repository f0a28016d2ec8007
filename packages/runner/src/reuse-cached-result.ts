import { type CaseResult, emptyUsage, type PlannedExecution } from '@skill-eval/core';
import type { CacheEntry } from './result-cache.js';

/**
 * The cached result as this run's execution: its own ids and times, `cached: true`, and zero usage and cost, the agent's and
 * the judge's (nothing was spent); what the original execution spent moves to `cachedFrom`. The entry was checked when it was read (see
 * result-cache.ts), so the result is built as it is, not parsed again.
 */
export function reuseCachedResult(
  entry: CacheEntry,
  planned: PlannedExecution,
  startedMs: number,
  transcriptFile: string | undefined,
): CaseResult {
  const original = entry.result;
  // Nothing was spent: not on the agent, nor on the judge, nor on earlier attempts.
  const { transcriptFile: _old, earlierAttempts: _spent, ...rest } = original;
  return {
    ...rest,
    executionId: planned.executionId,
    suiteId: planned.suiteId,
    caseId: planned.caseId,
    caseName: planned.caseName,
    cached: true,
    cachedFrom: original.cachedFrom ?? {
      executionId: original.executionId,
      ...(entry.runDir ? { runDir: entry.runDir } : {}),
      startedAt: original.startedAt,
      durationMs: original.durationMs,
      usage: original.session?.usage ?? emptyUsage(),
      ...(original.session?.costUsd !== undefined ? { costUsd: original.session.costUsd } : {}),
    },
    ...(original.session ? { session: { ...original.session, usage: emptyUsage(), costUsd: 0 } } : {}),
    // The judge was not called either.
    ...(original.judge?.usage ? { judge: { ...original.judge, usage: emptyUsage(), costUsd: 0 } } : {}),
    ...(transcriptFile ? { transcriptFile } : {}),
    startedAt: new Date(startedMs).toISOString(),
    durationMs: Date.now() - startedMs,
  };
}
