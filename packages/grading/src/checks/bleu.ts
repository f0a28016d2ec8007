import type { CheckEvaluator } from './check-evaluator.js';
import { optionalNumber } from './check-limits.js';
import { clippedMatches, ngramCounts, total, words } from './ngram-counts.js';
import { referenceTexts } from './reference-texts.js';

/** promptfoo `bleu`: BLEU-4 of the final answer against `value` (one or more references) is at least `threshold` (0.5). */
export const bleu: CheckEvaluator = (check, { session }) => {
  const references = referenceTexts(check);
  const threshold = optionalNumber(check, 'threshold', 0.5);
  const score = bleuScore(session.finalMessage, references);
  return { passed: score >= threshold, score, evidence: `BLEU ${score.toFixed(4)} (threshold ${threshold})` };
};

/**
 * Sentence BLEU as promptfoo computes it (Papineni et al. 2002): uniform weights over the 1- to 4-gram orders the
 * answer is long enough for (a two-word answer is scored on unigrams and bigrams), precisions clipped by the best
 * reference, zero precisions smoothed to 1e-7, brevity penalty against the reference closest in length (the
 * shorter on a tie).
 */
export function bleuScore(candidate: string, references: readonly string[]): number {
  const cand = words(candidate);
  if (cand.length === 0) return 0;
  const refs = references.map(words);
  const closest = refs
    .map((r) => r.length)
    .reduce((best, len) => {
      const [d, bestD] = [Math.abs(len - cand.length), Math.abs(best - cand.length)];
      return d < bestD || (d === bestD && len < best) ? len : best;
    });
  const logs: number[] = [];
  for (let n = 1; n <= 4; n++) {
    const grams = ngramCounts(cand, n);
    const count = total(grams);
    if (count === 0) continue;
    const best = Math.max(...refs.map((ref) => clippedMatches(grams, ngramCounts(ref, n))));
    const precision = best / count;
    logs.push(Math.log(precision === 0 ? 1e-7 : precision));
  }
  const brevity = cand.length > closest ? 1 : Math.exp(1 - closest / cand.length);
  return brevity * Math.exp(logs.reduce((a, b) => a + b, 0) / logs.length);
}
