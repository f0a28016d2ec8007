import type { CheckEvaluator } from './check-evaluator.js';
import { optionalNumber } from './check-limits.js';
import { clippedMatches, ngramCounts, total } from './ngram-counts.js';
import { referenceTexts } from './reference-texts.js';

/** promptfoo `gleu`: Google-BLEU of the final answer against `value` (one or more references) is at least `threshold` (0.5). */
export const gleu: CheckEvaluator = (check, { session }) => {
  const references = referenceTexts(check);
  const threshold = optionalNumber(check, 'threshold', 0.5);
  const score = gleuScore(session.finalMessage, references);
  return { passed: score >= threshold, score, evidence: `GLEU ${score.toFixed(4)} (threshold ${threshold})` };
};

/** GLEU as promptfoo computes it: min(precision, recall) over all 1- to 4-grams, best reference wins. */
export function gleuScore(candidate: string, references: readonly string[]): number {
  const cand = gleuWords(candidate);
  if (cand.length === 0) return 0;
  return Math.max(
    ...references.map((reference) => {
      const ref = gleuWords(reference);
      if (ref.length === cand.length && ref.every((w, i) => w === cand[i])) return 1;
      let matches = 0;
      let candTotal = 0;
      let refTotal = 0;
      for (let n = 1; n <= 4; n++) {
        const candGrams = ngramCounts(cand, n);
        const refGrams = ngramCounts(ref, n);
        matches += clippedMatches(candGrams, refGrams);
        candTotal += total(candGrams);
        refTotal += total(refGrams);
      }
      return candTotal === 0 || refTotal === 0 ? 0 : Math.min(matches / candTotal, matches / refTotal);
    }),
  );
}

/** GLEU drops trailing full stops from words, so "mat." matches "mat". */
function gleuWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/\.+$/, ''));
  return words.some(Boolean) ? words : [];
}
