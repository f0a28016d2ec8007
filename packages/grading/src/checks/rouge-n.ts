import { SkillEvalError } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { optionalNumber } from './check-limits.js';
import { stringValue } from './check-value.js';
import { clippedMatches } from './ngram-counts.js';

/**
 * promptfoo `rouge-n`: the ROUGE-1 F-score of the final answer against `value`, both lowercased, is at least
 * `threshold` (0.75). Repeated words count as often as both texts have them (clipped counts, as promptfoo's
 * `rougeNScore` has it), so an answer identical to the reference scores 1.
 */
export const rougeN: CheckEvaluator = async (check, { session }) => {
  const reference = stringValue(check);
  const threshold = optionalNumber(check, 'threshold', 0.75);
  const text = session.finalMessage;
  const score = rougeOrExplain(await import('js-rouge'), text.toLowerCase(), reference.toLowerCase());
  return { passed: score >= threshold, score, evidence: `ROUGE-N ${score.toFixed(4)} (threshold ${threshold})` };
};

/** The score, or, past js-rouge's size limit, an error that names the answer's length as the cause. */
function rougeOrExplain(rouge: typeof import('js-rouge'), text: string, reference: string): number {
  try {
    return rougeNScore(rouge, text, reference);
  } catch (error) {
    if (!(error instanceof RangeError) || !/materialization limit/.test(error.message)) throw error;
    throw new SkillEvalError(
      'BAD_INPUT',
      `check "rouge-n" cannot score an answer of ${text.length} characters: js-rouge builds n-grams of at most about a million characters (${error.message})`,
      { hint: 'grade a long answer with contains, regex or an llm-rubric criterion instead' },
    );
  }
}

/** js-rouge's tokenizer, n-grams and F-measure over clipped unigram counts; empty text scores 0. */
function rougeNScore(rouge: typeof import('js-rouge'), candidate: string, reference: string): number {
  const candidateTokens = rouge.treeBankTokenize(candidate);
  const referenceTokens = rouge.treeBankTokenize(reference);
  if (candidateTokens.length < 1 || referenceTokens.length < 1) return 0;
  const candidateGrams = rouge.nGram(candidateTokens, 1);
  const referenceGrams = rouge.nGram(referenceTokens, 1);
  const overlap = clippedMatches(counts(candidateGrams), counts(referenceGrams));
  if (overlap === 0) return 0;
  return rouge.fMeasure(overlap / candidateGrams.length, overlap / referenceGrams.length, 1);
}

function counts(grams: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const gram of grams) out.set(gram, (out.get(gram) ?? 0) + 1);
  return out;
}
