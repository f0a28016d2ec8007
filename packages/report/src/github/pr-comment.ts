import type { BenchmarkComparison } from '@skill-eval/core';
import { type CaseChange, compareRuns } from '../compare/compare-runs.js';
import { costDelta, passRateDelta, sideText, tokensDelta } from '../compare/delta-format.js';
import { efficiencyVerdict, formatCost, formatDuration, formatPercent, formatTokens } from '../format.js';
import type { RunRecord } from '../run-dir/read-run-dir.js';
import { markdownTable } from './markdown-table.js';
import { stepSummaryMarkdown } from './step-summary.js';

/**
 * The first line of every comment skill-eval posts on a pull request: the GitHub Action finds its own comment by it and
 * updates that one on every push, instead of adding another.
 */
export const PR_COMMENT_MARKER = '<!-- skill-eval:pr-comment -->';

/** What a pull-request comment shows beside the run itself. */
export interface PrCommentOptions {
  /** The same evals run on the base branch: cases newly failing and newly passing against it. */
  base?: RunRecord;
  /** Where the full report is (the workflow run's artifacts). */
  reportUrl?: string;
}

/** How many changed cases a comment lists per kind before it says how many more there are. */
const MAX_ROWS = 25;

/**
 * The run as one pull-request comment: the verdicts (as the step summary has them), the cases newly failing and newly
 * passing against the base branch's run, the skill's effect (with against without, or against the baseline) in pass
 * rate, tokens and time, and a link to the full report. Text from eval files and answers is shown as text: no HTML,
 * no table break, and no `@mention` that would notify someone.
 */
export function prCommentMarkdown(run: RunRecord, options: PrCommentOptions = {}): string {
  const sections = [
    PR_COMMENT_MARKER,
    withoutMentions(stepSummaryMarkdown(run.results, run.summary).trimEnd()),
    ...(options.base ? [withoutMentions(againstBase(options.base, run))] : []),
    ...[run.summary?.benchmark, ...(run.summary?.otherBenchmarks ?? [])].flatMap((bench) =>
      bench ? [skillEffect(bench.against, bench.overall)] : [],
    ),
    ...(options.reportUrl ? [`[The full report and the run directory](${linkTarget(options.reportUrl)})`] : []),
  ];
  return `${sections.join('\n\n')}\n`;
}

function againstBase(base: RunRecord, run: RunRecord): string {
  const comparison = compareRuns(base, run);
  const failing = comparison.changes.filter((c) => c.kind === 'newly-failing');
  const passing = comparison.changes.filter((c) => c.kind === 'newly-passing');
  const other = comparison.changes.length - failing.length - passing.length;
  const heading = `### Against the base branch: ${failing.length} newly failing, ${passing.length} newly passing`;
  const summary = `Pass rate ${formatPercent(comparison.before.passRate)} → ${formatPercent(comparison.after.passRate)}; ${comparison.unchanged} cases unchanged${other ? `, ${other} otherwise changed, added or removed` : ''}.`;
  return [
    heading,
    '',
    summary,
    ...changeTable('Newly failing', failing),
    ...changeTable('Newly passing', passing),
  ].join('\n');
}

function changeTable(title: string, changes: readonly CaseChange[]): string[] {
  if (changes.length === 0) return [];
  const shown = changes.slice(0, MAX_ROWS);
  const more = changes.length - shown.length;
  return [
    '',
    `**${title}**`,
    '',
    markdownTable(
      ['Case', 'Suite', 'Engine', 'Variant', 'Before', 'After', 'Pass rate', 'Tokens', 'Cost'],
      shown.map((c) => [
        c.caseName,
        c.suiteId,
        c.engine,
        c.variant,
        sideText(c.before),
        sideText(c.after),
        passRateDelta(c.delta.passRate),
        tokensDelta(c.delta.tokens),
        costDelta(c.delta.costUsd),
      ]),
    ),
    ...(more > 0 ? ['', `…and ${more} more.`] : []),
  ];
}

function skillEffect(against: string, overall: BenchmarkComparison): string {
  const other = against === 'baseline' ? 'Baseline skill' : 'Without the skill';
  const { withSkill, other: side, delta } = overall;
  const verdict = efficiencyVerdict(overall);
  const signed = (value: number | undefined, format: (n: number) => string) =>
    value === undefined ? '—' : `${value > 0 ? '+' : value < 0 ? '-' : '±'}${format(Math.abs(value))}`;
  return [
    `### The skill's effect (${against === 'baseline' ? 'against the baseline skill' : 'with against without it'})`,
    '',
    markdownTable(
      ['', 'With the skill', other, 'Δ'],
      [
        ['Pass rate', formatPercent(withSkill.passRate), formatPercent(side.passRate), passRateDelta(delta.passRate)],
        [
          'Tokens per execution',
          formatTokens(withSkill.meanTokens),
          formatTokens(side.meanTokens),
          signed(delta.tokens, formatTokens),
        ],
        [
          'Time per execution',
          formatDuration(withSkill.meanDurationMs),
          formatDuration(side.meanDurationMs),
          signed(delta.durationMs, formatDuration),
        ],
        // Turns, tool calls and cost: in summaries written since they were recorded; cost where it was priced.
        ...(withSkill.meanTurns !== undefined && side.meanTurns !== undefined
          ? [['Turns per execution', count(withSkill.meanTurns), count(side.meanTurns), signed(delta.turns, count)]]
          : []),
        ...(withSkill.meanToolCalls !== undefined && side.meanToolCalls !== undefined
          ? [
              [
                'Tool calls per execution',
                count(withSkill.meanToolCalls),
                count(side.meanToolCalls),
                signed(delta.toolCalls, count),
              ],
            ]
          : []),
        ...(withSkill.meanCostUsd !== undefined || side.meanCostUsd !== undefined
          ? [
              [
                'Cost per execution',
                formatCost(withSkill.meanCostUsd),
                formatCost(side.meanCostUsd),
                signed(delta.costUsd, (n) => formatCost(n)),
              ],
            ]
          : []),
      ],
    ),
    ...(verdict ? ['', `**${verdict.text}.**`] : []),
  ].join('\n');
}

/** `3`, `2.5`: a mean count of turns or tool calls. */
const count = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** A link target with the characters that would end a Markdown link escaped (the caller accepts http(s) only). */
const linkTarget = (url: string) =>
  url.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** `@name` would notify that user or team: a zero-width joiner after the `@` keeps the text and drops the ping. */
const withoutMentions = (text: string) => text.replace(/@(?=[A-Za-z0-9])/g, '@\u200d');
