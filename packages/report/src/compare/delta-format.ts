import { formatCost, formatTokens } from '../format.js';
import type { CaseSide } from './compare-runs.js';

/** `+25 pts`, `-100 pts`, `±0`; `—` for a case one of the runs did not have. */
export const passRateDelta = (d: number | undefined): string => {
  if (d === undefined) return '—';
  const pts = Math.round(d * 100);
  return pts === 0 ? '±0' : `${pts > 0 ? '+' : ''}${pts} pts`;
};

/** `+1.2k`, `-300`, `±0`. */
export const tokensDelta = (d: number): string =>
  Math.round(d) === 0 ? '±0' : `${d > 0 ? '+' : '-'}${formatTokens(Math.abs(d))}`;

/** `+$0.0123`, `-$1.20`, `±0`. */
export const costDelta = (d: number): string =>
  Math.abs(d) < 0.00005 ? '±0' : `${d > 0 ? '+' : '-'}${formatCost(Math.abs(d))}`;

/** `passed`, `failed 1/3`, `—` for a case the run did not have. */
export const sideText = (s?: CaseSide): string => {
  if (!s) return '—';
  return s.runs > 1 ? `${s.status} ${Math.round(s.passRate * s.runs)}/${s.runs}` : s.status;
};

export const KIND_LABEL = {
  'newly-failing': 'newly failing',
  'newly-passing': 'newly passing',
  changed: 'changed',
  added: 'added',
  removed: 'removed',
} as const;
