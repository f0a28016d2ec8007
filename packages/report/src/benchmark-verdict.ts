import type { BenchmarkComparison } from '@skill-eval/core';

/** Whether the skill came out better (no lower pass rate, fewer tokens, or a higher one), worse, or neither. */
export type VerdictTone = 'better' | 'worse' | 'neutral';

export interface EfficiencyVerdict {
  /** `same pass rate, 38% fewer tokens, 20% faster`. */
  text: string;
  tone: VerdictTone;
}

/** `38% fewer tokens`: the change relative to the other side's mean; undefined when that mean is zero. */
function relative(delta: number, base: number, fewer: string, more: string, same: string): string | undefined {
  if (base <= 0) return undefined;
  const percent = Math.round((Math.abs(delta) / base) * 100);
  if (percent === 0) return same;
  return `${percent}% ${delta < 0 ? fewer : more}`;
}

/**
 * What a skill author reads first in a benchmark: the pass rate against the other side's, and how many tokens and how
 * much time the skill spent relative to it — `same pass rate, 38% fewer tokens, 20% faster`. A skill that passes the
 * same cases with fewer tokens is better. Undefined when time and tokens were not compared (a side only cached).
 */
export function efficiencyVerdict(c: BenchmarkComparison): EfficiencyVerdict | undefined {
  const { delta, other } = c;
  if (delta.tokens === undefined || delta.durationMs === undefined) return undefined;
  // Pass rates are fractions of counts: a difference below a millionth is rounding, not a change.
  const pass = Math.abs(delta.passRate) < 1e-6 ? 0 : Math.sign(delta.passRate);
  const tokens = relative(delta.tokens, other.meanTokens, 'fewer tokens', 'more tokens', 'as many tokens');
  const time = relative(delta.durationMs, other.meanDurationMs, 'faster', 'slower', 'as fast');
  const parts = [
    pass === 0 ? 'same pass rate' : pass > 0 ? 'higher pass rate' : 'lower pass rate',
    ...(tokens ? [tokens] : []),
    ...(time ? [time] : []),
  ];
  const cheaper = Math.sign(Math.round(delta.tokens));
  const tone: VerdictTone =
    pass < 0 || (pass === 0 && cheaper > 0)
      ? 'worse'
      : (pass > 0 && cheaper <= 0) || (pass === 0 && cheaper < 0)
        ? 'better'
        : 'neutral';
  return { text: parts.join(', '), tone };
}
