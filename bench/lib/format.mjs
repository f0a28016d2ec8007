// Figures as RESULTS.md shows them.

/** "0.123 s (0.110–0.140)": median, then min–max. */
export const seconds = (s, digits = 3) =>
  `${s.median.toFixed(digits)} s (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

/** "123 MB": the median peak RSS. */
export const megabytes = (s) => `${s.median.toFixed(0)} MB`;

/** How many times longer the peer took than skill-eval: "2.96×" (two decimals, so a ratio just under 3 never reads as 3). */
export const ratio = (peer, own) => (own > 0 ? `${(peer / own).toFixed(2)}×` : '—');

/** A markdown table. */
export function table(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export const verdict = (met) => (met ? '**met**' : '**missed**');

/** "promptfoo 3.12×, AgentV 1.25×": how much longer each peer took, from rows of { tool, m }. */
export const peerRatios = (rows, own) =>
  rows
    .filter((r) => r.tool.kind !== 'skill-eval')
    .map((r) => `${r.tool.name} ${ratio(r.m.wall.median, own)}`)
    .join(', ');

/** The ratio cell of a row: "—" for skill-eval itself (on any Node), else how much longer the peer took. */
export const ratioCell = (tool, peer, own) => (tool.kind === 'skill-eval' ? '—' : ratio(peer, own));

/** "skill-eval on Node 22: 0.45 s", from rows of { tool, m }: the figure of skill-eval on other Nodes ('' for none). */
export const onOtherNodes = (rows, figure = (m) => `${m.wall.median.toFixed(2)} s`) =>
  rows
    .filter((r) => r.tool.kind === 'skill-eval' && r.tool.id !== 'skill-eval')
    .map((r) => `${r.tool.name}: ${figure(r.m)}`)
    .join(', ');

/** " (skill-eval on Node 22: 0.45 s)", or '' when no other Node was measured. */
export const inParentheses = (text) => (text ? ` (${text})` : '');
