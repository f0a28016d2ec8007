import type { CaseOutcome, RunSummary, Spread } from '@skill-eval/core';
import { formatDuration, formatPercent, formatTokens } from '../format.js';
import type { Palette } from './console-options.js';
import { executionLabel, statusBadge } from './result-line.js';

/**
 * Case verdicts over repeats, shown only when a case ran more than once (otherwise the table already says it):
 * the case totals, then (unless `totalsOnly`) one line per repeated case — trigger cases with their rate and the rule
 * that decided.
 */
export function renderCaseOutcomes(summary: RunSummary, colors: Palette, totalsOnly = false): string[] {
  const repeated = summary.cases.filter((c) => c.runs > 1);
  if (repeated.length === 0) return [];
  const { caseTotals: t } = summary;
  const lines = [
    [
      colors.bold(`${t.cases} cases`),
      colors.green(`${t.passed} passed`),
      colors.red(`${t.failed} failed`),
      colors.yellow(`${t.errors} errors`),
      colors.dim(`${t.skipped} skipped`),
    ].join(' · '),
  ];
  for (const outcome of totalsOnly ? [] : repeated) {
    const flaky = outcome.flaky ? ` ${colors.yellow('FLAKY')}` : '';
    lines.push(`  ${statusBadge(outcome.status, colors)} ${describeOutcome(outcome)}${flaky}`);
    const stats = describeStats(outcome);
    if (stats) lines.push(`      ${colors.dim(stats)}`);
  }
  return lines;
}

const plusMinus = (spread: Spread, format: (n: number) => string): string =>
  `${format(spread.mean)} ± ${format(spread.stddev)}`;

/** `pass@3 1 · pass^3 0 · score 0.67 ± 0.58 · time 1.2s ± 0.3s · tokens 1.2k ± 80`, from what the outcome has. */
function describeStats(outcome: CaseOutcome): string {
  const parts: string[] = [];
  if (outcome.k !== undefined && outcome.passAtK !== undefined && outcome.passHatK !== undefined)
    parts.push(`pass@${outcome.k} ${outcome.passAtK}`, `pass^${outcome.k} ${outcome.passHatK}`);
  if (outcome.score) parts.push(`score ${plusMinus(outcome.score, (n) => n.toFixed(2))}`);
  if (outcome.durationMs) parts.push(`time ${plusMinus(outcome.durationMs, formatDuration)}`);
  if (outcome.tokens) parts.push(`tokens ${plusMinus(outcome.tokens, formatTokens)}`);
  return parts.join(' · ');
}

function describeOutcome(outcome: CaseOutcome): string {
  const label = executionLabel({ ...outcome, run: 1 }, false);
  const { trigger } = outcome;
  const completed = outcome.passed + outcome.failed;
  if (!trigger) return `${label} — ${outcome.passed}/${outcome.runs} runs passed (${formatPercent(outcome.passRate)})`;
  const errors = outcome.errors ? `, ${outcome.errors} errored` : '';
  if (trigger.route !== undefined) {
    const to = trigger.route === null ? 'no skill' : trigger.route;
    return `${label} — routed to ${to} ${trigger.triggers}/${completed} runs${errors} (rate ${trigger.rate}; needs ≥ ${trigger.threshold})`;
  }
  const rule = trigger.shouldTrigger ? `should trigger: ≥ ${trigger.threshold}` : `should not: < ${trigger.threshold}`;
  return `${label} — fired ${trigger.triggers}/${completed} runs${errors} (rate ${trigger.rate}; ${rule})`;
}
