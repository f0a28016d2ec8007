import { type CaseResult, resultWarnings, type Warning } from '@skill-eval/core';
import { truncate } from '../format.js';
import type { Palette } from './console-options.js';

/** Distinct warnings listed in the closing lines; the rest are counted, so a run of varied warnings cannot flood them. */
const MAX_LISTED = 5;
/** Characters of one warning on its line. */
const MAX_WARNING_LENGTH = 160;

/** One distinct warning and how many executions had it. */
export interface WarningTally {
  warning: Warning;
  executions: number;
}

/** A warning as one line: its kind, then its message cut to length. */
const warningText = ({ kind, message }: Warning): string => `[${kind}] ${truncate(message, MAX_WARNING_LENGTH)}`;

/**
 * Each distinct warning once, as its line shows it (its kind, its message cut to length: two messages that differ only
 * past the cut would be two lines that read the same), with the executions that had it: most frequent first, then
 * first seen.
 */
export function tallyWarnings(results: readonly CaseResult[]): WarningTally[] {
  const tallies = new Map<string, WarningTally>();
  for (const result of results) {
    const distinct = new Map(resultWarnings(result).map((warning) => [warningText(warning), warning]));
    for (const [key, warning] of distinct) {
      const tally = tallies.get(key) ?? { warning, executions: 0 };
      tally.executions += 1;
      tallies.set(key, tally);
    }
  }
  return [...tallies.values()].sort((a, b) => b.executions - a.executions);
}

/**
 * The closing lines about warnings engines and the runner attached to executions (cut output, unset variables,
 * limits not enforced): how many executions had one, and unless `totalsOnly` (--quiet) each distinct warning once.
 */
export function renderWarnings(results: readonly CaseResult[], colors: Palette, totalsOnly = false): string[] {
  const warned = results.filter((result) => resultWarnings(result).length > 0).length;
  if (warned === 0) return [];
  const counted = `Warnings in ${warned} of ${results.length} executions`;
  if (totalsOnly) return [colors.yellow(`${counted} (per execution in results.jsonl)`)];
  const lines = [colors.yellow(`${counted} (per execution in results.jsonl, and under its line with -v):`)];
  const tallies = tallyWarnings(results);
  for (const { warning, executions } of tallies.slice(0, MAX_LISTED))
    lines.push(`  ${colors.yellow(`${executions}×`)} ${warningText(warning)}`);
  const more = tallies.length - MAX_LISTED;
  if (more > 0) lines.push(colors.dim(`  … and ${more} more distinct warning${more === 1 ? '' : 's'}`));
  return lines;
}

/** An execution's own warnings, to print under its line with -v. */
export function executionWarningLines(result: CaseResult, colors: Palette): string[] {
  return resultWarnings(result).map((warning) => `    ${colors.yellow('⚠')} ${warningText(warning)}`);
}
