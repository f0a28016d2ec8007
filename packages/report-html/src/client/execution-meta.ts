import { formatCost, formatDuration } from '@skill-eval/report/format';
import type { ReportResult } from '../report-data.js';
import { h } from './dom.js';

/** Timing, engine, tokens, cost, judge and cache facts of one execution, as a definition list. */
export function executionMeta(result: ReportResult): HTMLElement {
  const items: [string, string][] = [
    ['Execution', result.executionId],
    ['Started', result.startedAt],
    ['Duration', formatDuration(result.durationMs)],
  ];
  const s = result.session;
  if (s) {
    items.push(['Engine run', `${formatDuration(s.durationMs)} · ${s.turns} turns · ${s.status}`]);
    const u = s.usage;
    items.push([
      'Tokens',
      `${u.inputTokens} in · ${u.outputTokens} out · ${u.cacheReadTokens} cache read · ${u.cacheWriteTokens} cache write`,
    ]);
    if (s.costUsd !== undefined) items.push(['Cost', formatCost(s.costUsd)]);
  }
  if (result.model) items.push(['Model', result.model]);
  if (result.engineVersion) items.push(['Engine version', result.engineVersion]);
  const judge = result.judge;
  if (judge)
    items.push(['Judge', `${judge.engine}${judge.model ? ` (${judge.model})` : ''} · prompt ${judge.promptVersion}`]);
  if (result.attempts) items.push(['Attempts', String(result.attempts)]);
  if (result.cachedFrom)
    items.push(['Cached from', `${result.cachedFrom.executionId} (${formatDuration(result.cachedFrom.durationMs)})`]);
  if (result.workspace?.staging) items.push(['Fixtures staged by', result.workspace.staging]);
  if (result.triggered !== undefined)
    items.push(['Skill fired', `${result.triggered ? 'yes' : 'no'} (${result.triggerDetection ?? 'any-tool'})`]);
  return h('dl', { class: 'meta' }, ...items.flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)]));
}
