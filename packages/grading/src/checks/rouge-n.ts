import { SkillEvalError } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { optionalNumber } from './check-limits.js';
import { stringValue } from './check-value.js';

/** promptfoo `rouge-n`: the ROUGE-1 F-score of the final answer against `value` is at least `threshold` (0.75). */
export const rougeN: CheckEvaluator = async (check, { session }) => {
  const reference = stringValue(check);
  if (reference.trim() === '') {
    throw new SkillEvalError('BAD_INPUT', 'check "rouge-n" has an empty reference value', {
      hint: 'write { type: rouge-n, value: "the expected answer" }',
    });
  }
  const threshold = optionalNumber(check, 'threshold', 0.75);
  const text = session.finalMessage;
  // js-rouge (loaded on first use) with promptfoo's options ({}): unigrams, case-sensitive. It rejects an
  // empty candidate, which scores 0 here.
  const score = text.trim() === '' ? 0 : rougeOrExplain((await import('js-rouge')).n, text, reference);
  return { passed: score >= threshold, score, evidence: `ROUGE-N ${score.toFixed(4)} (threshold ${threshold})` };
};

/** js-rouge's score, or, past its size limit, an error that names the answer's length as the cause. */
function rougeOrExplain(n: typeof import('js-rouge').n, text: string, reference: string): number {
  try {
    return n(text, reference, {});
  } catch (error) {
    if (!(error instanceof RangeError) || !/materialization limit/.test(error.message)) throw error;
    throw new SkillEvalError(
      'BAD_INPUT',
      `check "rouge-n" cannot score an answer of ${text.length} characters: js-rouge builds n-grams of at most about a million characters (${error.message})`,
      { hint: 'grade a long answer with contains, regex or an llm-rubric criterion instead' },
    );
  }
}
