import { isRecord } from './context.js';

/** One band of a score-range rubric: the scores it spans (0-10) and what earns them. */
interface ScoreRange {
  min: number;
  max: number;
  outcome: string;
}

/**
 * A rubric item's `score_ranges` as AgentV reads them: a list of `{score_range: [min, max], outcome}`, or the shorthand
 * map whose keys are the lower bounds, each band reaching to the next key less one and the last to 10
 * (normalizeScoreRangesShorthand, grader-parser.ts:2583-2624 at 58f316ca2; the same in @agentv/core 4.42.4
 * dist/chunk-FRDEARJA.js:19576-19605). Undefined when there are none, or they are not in either shape.
 */
function scoreRanges(written: unknown): ScoreRange[] | undefined {
  if (Array.isArray(written)) {
    const ranges = written.flatMap((r) =>
      isRecord(r) && Array.isArray(r.score_range) && typeof r.outcome === 'string'
        ? [{ min: Number(r.score_range[0]), max: Number(r.score_range[1]), outcome: r.outcome }]
        : [],
    );
    return ranges.length > 0 ? ranges : undefined;
  }
  if (!isRecord(written)) return undefined;
  const lows = Object.keys(written)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= 10)
    .sort((a, b) => a - b);
  if (lows.length === 0 || lows.length !== Object.keys(written).length) return undefined;
  return lows.map((min, i) => ({
    min,
    max: i + 1 < lows.length ? lows[i + 1]! - 1 : 10,
    outcome: String(written[String(min)]),
  }));
}

/**
 * The least score that passes a score-range criterion: 7, or `min_score` (0-1) of 10 when that asks more
 * (`passed = !(min_score !== undefined && score / 10 < min_score) && score >= 7`, llm-grader.ts:1896-1899 at 58f316ca2).
 */
const passingScore = (minScore: unknown) =>
  typeof minScore === 'number' && minScore > 0 && minScore <= 1 ? Math.max(7, Math.ceil(minScore * 10)) : 7;

/**
 * The criterion of a score-range rubric item, worded as AgentV words it for its judge (the criterion section of
 * buildScoreRangePrompt, graders/llm-grader.ts:1385-1406 at 58f316ca2): its id, its outcome as the description, and
 * each band as "Score min-max: outcome"; then the score it needs to pass, since skill-eval's judge gives a verdict, not a
 * score. Its weight and min_score are the check's own too. Undefined for an item without score ranges (a checklist
 * item, whose outcome is its criterion).
 */
export function scoreRangeCriterion(item: Record<string, unknown>, index: number): string | undefined {
  const ranges = scoreRanges(item.score_ranges);
  if (!ranges) return undefined;
  const outcome = item.outcome ?? item.criteria;
  return [
    `Criterion: ${typeof item.id === 'string' ? item.id : `rubric-${index + 1}`}`,
    ...(typeof outcome === 'string' && outcome !== '' ? [`Description: ${outcome}`] : []),
    'Score ranges:',
    ...ranges.map((r) => `  - Score ${r.min === r.max ? r.min : `${r.min}-${r.max}`}: ${r.outcome}`),
    `It passes with a score of at least ${passingScore(item.min_score)} of 10.`,
  ].join('\n');
}
