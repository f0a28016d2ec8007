import type { CaseResult, JudgeFeedback } from '@skill-eval/core';
import { truncate } from '../format.js';
import type { Palette } from './console-options.js';

/** Cases whose remarks are listed in the closing lines; the rest are counted. */
const MAX_CASES = 5;
/** Characters of one remark on its line. */
const MAX_REMARK_LENGTH = 200;

/** One case's distinct remarks on its criteria, over all its executions. */
export interface CaseFeedback {
  suiteId: string;
  caseName: string;
  remarks: JudgeFeedback['suggestions'];
  /** The judge's overall views, each once. */
  overall: string[];
}

/**
 * The judge's remarks on the criteria (weak, unverifiable, redundant, missing) per case, each distinct one once —
 * repeated runs of a case are usually told the same thing. Cases with none, or only an overall "looks solid", are
 * left out.
 */
export function feedbackByCase(results: readonly CaseResult[]): CaseFeedback[] {
  const cases = new Map<string, CaseFeedback & { seen: Set<string> }>();
  for (const result of results) {
    const feedback = result.judge?.feedback;
    if (!feedback || feedback.suggestions.length === 0) continue;
    const key = JSON.stringify([result.suiteId, result.caseId]);
    let entry = cases.get(key);
    if (!entry) {
      entry = { suiteId: result.suiteId, caseName: result.caseName, remarks: [], overall: [], seen: new Set() };
      cases.set(key, entry);
    }
    for (const remark of feedback.suggestions) {
      const id = JSON.stringify([remark.assertion ?? null, remark.kind ?? null, remark.reason]);
      if (entry.seen.has(id)) continue;
      entry.seen.add(id);
      entry.remarks.push(remark);
    }
    if (feedback.overall && !entry.overall.includes(feedback.overall)) entry.overall.push(feedback.overall);
  }
  return [...cases.values()].map(({ seen: _seen, ...entry }) => entry);
}

/** `weak · "brief.md exists": an empty file would also pass.` */
export function describeRemark(remark: JudgeFeedback['suggestions'][number]): string {
  const about = remark.assertion === undefined ? '' : `${JSON.stringify(truncate(remark.assertion, 80))}: `;
  return `${remark.kind ?? 'note'} · ${about}${remark.reason}`;
}

/**
 * The closing lines about the judge's remarks on the criteria themselves, which never change a verdict: each case's
 * remarks (the first few cases), or with `totalsOnly` (--quiet) only how many cases have some.
 */
export function renderJudgeFeedback(results: readonly CaseResult[], colors: Palette, totalsOnly = false): string[] {
  const cases = feedbackByCase(results);
  if (cases.length === 0) return [];
  const counted = `The judge flagged criteria of ${cases.length} case${cases.length === 1 ? '' : 's'} (verdicts unchanged; judge.feedback in results.jsonl)`;
  if (totalsOnly) return [colors.cyan(counted)];
  const lines = [colors.cyan(`${counted}:`)];
  for (const entry of cases.slice(0, MAX_CASES)) {
    lines.push(`  ${entry.suiteId} › ${entry.caseName}`);
    for (const remark of entry.remarks)
      lines.push(`    ${colors.cyan('?')} ${truncate(describeRemark(remark), MAX_REMARK_LENGTH)}`);
    for (const overall of entry.overall) lines.push(colors.dim(`    ${truncate(overall, MAX_REMARK_LENGTH)}`));
  }
  const more = cases.length - MAX_CASES;
  if (more > 0) lines.push(colors.dim(`  … and ${more} more case${more === 1 ? '' : 's'}`));
  return lines;
}
