import {
  addUsage,
  type CaseResult,
  emptyUsage,
  type RunSummary,
  routingSummaries,
  totalTokens,
} from '@skill-eval/core';
import { formatCost, formatDuration, formatPercent, formatTokens, truncate } from '../format.js';
import { caseGroups } from './case-groups.js';
import { groupReason } from './group-reason.js';
import { markdownTable } from './markdown-table.js';
import { routingMarkdown } from './routing-markdown.js';

const REASON_WIDTH = 300;

function totalsLine(results: readonly CaseResult[], summary?: RunSummary): string[] {
  const count = (s: CaseResult['status']) => results.filter((r) => r.status === s).length;
  const usage =
    summary?.totals.usage ?? results.reduce((u, r) => (r.session ? addUsage(u, r.session.usage) : u), emptyUsage());
  const cost = summary?.totals.costUsd ?? results.reduce((c, r) => c + (r.session?.costUsd ?? 0), 0);
  const cases = summary?.caseTotals;
  return [
    markdownTable(
      ['Executions', 'Passed', 'Failed', 'Errors', 'Skipped', 'Tokens', 'Cost', 'Time'],
      [
        [
          results.length,
          count('passed'),
          count('failed'),
          count('error'),
          count('skipped'),
          formatTokens(totalTokens(usage)),
          formatCost(cost),
          formatDuration(summary?.durationMs ?? results.reduce((t, r) => t + r.durationMs, 0)),
        ],
      ],
    ),
    ...(cases && cases.cases > 0
      ? [
          '',
          `Cases over their runs: ${cases.passed} passed, ${cases.failed} failed, ${cases.errors} errored, ${cases.skipped} skipped.`,
        ]
      : []),
  ];
}

function groupsTable(results: readonly CaseResult[], summary?: RunSummary): string[] {
  const groups =
    summary?.groups ??
    [...new Set(results.map((r) => JSON.stringify([r.engine, r.variant])))].map((k) => {
      const [engine, variant] = JSON.parse(k) as [string, string];
      const rs = results.filter((r) => r.engine === engine && r.variant === variant);
      const graded = rs.filter((r) => r.status !== 'skipped');
      return {
        engine,
        variant,
        executions: rs.length,
        passed: rs.filter((r) => r.status === 'passed').length,
        failed: rs.filter((r) => r.status === 'failed').length,
        errors: rs.filter((r) => r.status === 'error').length,
        passRate: graded.length ? graded.filter((r) => r.status === 'passed').length / graded.length : 0,
        costUsd: rs.reduce((c, r) => c + (r.session?.costUsd ?? 0), 0),
        durationMs: rs.reduce((t, r) => t + r.durationMs, 0),
        usage: rs.reduce((u, r) => (r.session ? addUsage(u, r.session.usage) : u), emptyUsage()),
      };
    });
  if (groups.length === 0) return [];
  return [
    '### By engine and variant',
    '',
    markdownTable(
      ['Engine', 'Variant', 'Executions', 'Passed', 'Failed', 'Errors', 'Pass rate', 'Tokens', 'Cost', 'Time'],
      groups.map((g) => [
        g.engine,
        g.variant,
        g.executions,
        g.passed,
        g.failed,
        g.errors,
        formatPercent(g.passRate),
        formatTokens(totalTokens(g.usage)),
        formatCost(g.costUsd),
        formatDuration(g.durationMs),
      ]),
    ),
  ];
}

function triggerTable(summary?: RunSummary): string[] {
  const triggers = (summary?.cases ?? []).filter((o) => o.trigger);
  if (triggers.length === 0) return [];
  return [
    '### Trigger rates',
    '',
    markdownTable(
      ['Case', 'Engine', 'Variant', 'Should fire', 'Fired', 'Rate', 'Threshold', 'Verdict'],
      triggers.map((o) => [
        o.caseName,
        o.engine,
        o.variant,
        o.trigger?.shouldTrigger ? 'yes' : 'no',
        `${o.trigger?.triggers ?? 0}/${o.runs}`,
        formatPercent(o.trigger?.rate ?? 0),
        formatPercent(o.trigger?.threshold ?? 0),
        o.status,
      ]),
    ),
  ];
}

function failuresTable(results: readonly CaseResult[], summary?: RunSummary): string[] {
  const bad = caseGroups(results, summary).filter((g) => g.status === 'failed' || g.status === 'error');
  if (bad.length === 0) return [];
  return [
    '### Failed cases',
    '',
    markdownTable(
      ['Case', 'Suite', 'Engine', 'Variant', 'Status', 'Reason'],
      bad.map((g) => [g.caseName, g.suiteId, g.engine, g.variant, g.status, truncate(groupReason(g), REASON_WIDTH)]),
    ),
  ];
}

/**
 * The run as Markdown for `$GITHUB_STEP_SUMMARY`: totals, engine × variant table, trigger rates, routing between
 * skills, failed cases.
 */
export function stepSummaryMarkdown(results: readonly CaseResult[], summary?: RunSummary): string {
  const bad = results.filter((r) => r.status === 'failed' || r.status === 'error').length;
  const heading = `## skill-eval: ${bad === 0 ? 'all passed' : `${bad} of ${results.length} executions did not pass`}${summary?.interrupted ? ' (interrupted)' : ''}`;
  const sections = [
    [heading, '', ...totalsLine(results, summary)],
    groupsTable(results, summary),
    triggerTable(summary),
    // The summary's routing tables, as the console and the HTML report show them; computed alike for a summary-less run.
    routingMarkdown(summary?.routing ?? routingSummaries(results)),
    failuresTable(results, summary),
  ].filter((s) => s.length > 0);
  return `${sections.map((s) => s.join('\n')).join('\n\n')}\n`;
}
