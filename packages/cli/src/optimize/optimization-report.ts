import { join, relative } from 'node:path';
import { totalTokens } from '@skill-eval/core';
import { writeHarnessFileAtomically } from '@skill-eval/engine-kit/agent-files';
import type { OptimizationReport } from '@skill-eval/report-html';
import type { Candidate, LoopResult } from './optimize-loop.js';
import { REPORT_HTML, REPORT_JSON } from './optimize-settings.js';

/** What the report says of the optimisation whatever its state: the skill, the engines, the split. */
export type ReportHeading = Omit<
  OptimizationReport,
  'exitReason' | 'error' | 'best' | 'candidates' | 'totals' | 'applied'
>;

/** The report of the loop so far (`result` absent: still running), of its end, or of its failure. */
export function optimizationReport(
  heading: ReportHeading,
  outDir: string,
  state: { seen: readonly Candidate[]; result?: Partial<LoopResult>; error?: string; applied?: boolean },
): OptimizationReport {
  const { result, error } = state;
  const candidates = result?.candidates ?? state.seen;
  const costOf = (c: Candidate) => c.measured.costUsd + (c.proposal?.costUsd ?? 0);
  const tokensOf = (c: Candidate) => totalTokens(c.measured.usage) + (c.proposal ? totalTokens(c.proposal.usage) : 0);
  return {
    ...heading,
    exitReason: error ? 'failed' : (result?.exitReason ?? 'running'),
    ...(error ? { error } : {}),
    ...(result?.best ? { best: { iteration: result.best.iteration, description: result.best.description } } : {}),
    candidates: candidates.map((c) => ({
      iteration: c.iteration,
      description: c.description,
      train: c.measured.train,
      ...(c.measured.test ? { test: c.measured.test } : {}),
      costUsd: c.measured.costUsd,
      tokens: totalTokens(c.measured.usage),
      ...(c.proposal ? { proposal: { costUsd: c.proposal.costUsd, tokens: totalTokens(c.proposal.usage) } } : {}),
      runDir: relative(outDir, c.measured.runDir),
    })),
    totals: {
      costUsd: candidates.reduce((n, c) => n + costOf(c), 0),
      tokens: candidates.reduce((n, c) => n + tokensOf(c), 0),
    },
    applied: state.applied ?? false,
  };
}

/**
 * Writes optimize.json and optimize.html, one write after the other (a long loop's report can be watched), each whole
 * and through nothing planted in the folder, where agents' runs are kept too (writeHarnessFileAtomically).
 */
export function reportWriter(outDir: string): (content: OptimizationReport) => Promise<void> {
  let writing = Promise.resolve();
  return (content) => {
    writing = writing.then(async () => {
      const { renderOptimizationReport } = await import('@skill-eval/report-html');
      await writeHarnessFileAtomically(outDir, join(outDir, REPORT_JSON), `${JSON.stringify(content, null, 2)}\n`);
      await writeHarnessFileAtomically(outDir, join(outDir, REPORT_HTML), renderOptimizationReport(content));
    });
    return writing;
  };
}
