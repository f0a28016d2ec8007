/** Pure formatting helpers shared by every reporter. */

/** `450ms`, `1.2s`, `59.9s`, `2m03s`, `1h02m`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${pad2(seconds % 60)}s`;
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)}h${pad2(minutes % 60)}m`;
}

/** `850`, `12.3k`, `123k`, `1.2M`. */
export function formatTokens(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '—';
  if (count < 1000) return String(Math.round(count));
  for (const [unit, size] of [
    ['k', 1e3],
    ['M', 1e6],
    ['B', 1e9],
  ] as const) {
    const scaled = count / size;
    // Round first, so 999_960 becomes `1.0M`, not `1000.0k`.
    const text = scaled < 99.95 ? scaled.toFixed(1) : String(Math.round(scaled));
    if (Number(text) < 1000 || unit === 'B') return `${text.replace(/\.0$/, '')}${unit}`;
  }
  return String(count);
}

/** `$1.23`, `$0.0123`, `<$0.0001`, `$0`; `—` when the cost is unknown. */
export function formatCost(usd: number | undefined): string {
  if (usd === undefined || !Number.isFinite(usd) || usd < 0) return '—';
  if (usd === 0) return '$0';
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  if (usd < 0.00005) return '<$0.0001';
  return `$${usd.toFixed(4)}`;
}

/** `0.85` → `85%`. */
export function formatPercent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

/** One line, at most `max` characters; the end is cut and marked with `…`. */
export function truncate(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  return max <= 1 ? '…'.slice(0, max) : `${line.slice(0, max - 1)}…`;
}

/** Like `truncate`, but keeps the end: for paths, whose tail tells them apart. */
export function truncateStart(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  return max <= 1 ? '…'.slice(0, max) : `…${line.slice(line.length - max + 1)}`;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

export { type EfficiencyVerdict, efficiencyVerdict, type VerdictTone } from './benchmark-verdict.js';
