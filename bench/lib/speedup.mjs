// The issue's second bar, beside each workload's target: where a peer has the feature, skill-eval is at least 3× faster
// on that line. Workloads report each line's ratios; RESULTS.md judges them together.
import { ratio, table } from './format.mjs';

export const MIN_SPEEDUP = 3;

/** How much longer each peer took than skill-eval on one line: [{ line, peer, ratio }], from rows of { tool, m }. */
export function speedups(line, rows, ownSeconds) {
  return rows
    .filter((r) => r.tool.kind !== 'skill-eval')
    .map((r) => ({ line, peer: r.tool.name, ratio: r.m.wall.median / ownSeconds }));
}

/**
 * The section judging every line a peer was measured on, from the workloads' sections ({ title, speedups, speedupNote }).
 * Empty when no peer was measured (`--quick`).
 */
export function speedupMarkdown(sections) {
  const judged = sections.filter((s) => s.speedups?.length);
  if (!judged.length) return '';
  const peers = [...new Set(judged.flatMap((s) => s.speedups.map((x) => x.peer)))];
  const rows = judged.flatMap((s) => {
    const lines = [...new Set(s.speedups.map((x) => x.line))];
    return lines.map((line) => {
      const ratios = peers.map((peer) => s.speedups.find((x) => x.line === line && x.peer === peer)?.ratio);
      const met = ratios.every((r) => r === undefined || r >= MIN_SPEEDUP);
      return { met, cells: [s.title.split('.')[0], line, ...ratios.map((r) => (r === undefined ? '—' : ratio(r, 1))), met ? 'met' : '**missed**'] };
    });
  });
  const missed = rows.filter((r) => !r.met).length;
  const notes = judged.filter((s) => s.speedupNote).map((s) => `Workload ${s.title.split('.')[0]}: ${s.speedupNote}`);
  return `## At least ${MIN_SPEEDUP}× faster than each peer

Where a peer has the feature, skill-eval should take at most a third of the peer's time on that line. Each figure is the peer's median wall time ÷ skill-eval's, from the tables below. ${missed ? `Missed on ${missed} of ${rows.length} lines.` : `Met on all ${rows.length} lines.`}

${table(['#', 'line', ...peers, `≥ ${MIN_SPEEDUP}×`], rows.map((r) => r.cells))}${notes.length ? `\n\n${notes.join('\n\n')}` : ''}

`;
}
