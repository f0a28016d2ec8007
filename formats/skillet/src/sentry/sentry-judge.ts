import type { Check } from '@skill-eval/core';
import { isYamlScalar, type YamlNode } from '@skill-eval/format-kit';
import type { DiagnosticSink } from '../diagnostic-sink.js';
import type { SentryYaml } from './sentry-yaml.js';
import { shown } from './yaml-values.js';

// getsentry/skillet at 443bf3dd83af699d4aca02317733710af391b7a4: the judge grades the agent's text against `criteria`
// from A to E, scored 1, 0.75, 0.5, 0.25, 0 (src/eval/judge.ts:11-17, 102-105); the case fails when the score is below
// `threshold`, 0.75 when the case gives none (src/eval/runner.ts:243-263). skill-eval's judge answers pass or fail.

/** skillet's threshold when a case gives none (runner.ts:244). */
export const DEFAULT_THRESHOLD = 0.75;

/** The grades whose score reaches `threshold` (judge.ts:11-17): the ones skillet passes. */
export function passingGrades(threshold: number): string {
  const grades = (
    [
      ['A', 1],
      ['B', 0.75],
      ['C', 0.5],
      ['D', 0.25],
      ['E', 0],
    ] as const
  ).filter(([, score]) => !(score < threshold));
  return grades.length === 0
    ? 'none'
    : grades.length === 1
      ? grades[0]![0]
      : `${grades[0]![0]} to ${grades.at(-1)![0]}`;
}

/**
 * The judge of a case as a scored `llm-rubric` check (none without criteria), and skillet's threshold for it. With a
 * threshold no grade can miss (0 or less), skillet passes the case whatever the judge says: the rubric counts for
 * nothing then (weight 0), and the judge still runs, as in skillet.
 */
export function sentryJudge(
  item: YamlNode,
  sink: DiagnosticSink,
  y: SentryYaml,
): { checks: Check[]; threshold?: number } {
  const criteria = y.get(item, 'criteria');
  const thresholdNode = y.get(item, 'threshold');
  const hasCriteria = isYamlScalar(criteria) && typeof criteria.value === 'string' && criteria.value !== '';
  if (criteria !== undefined && !hasCriteria) {
    // parser.ts:237 reads only text; runner.ts:243 runs no judge for an empty one.
    const empty = isYamlScalar(criteria) && (criteria.value === '' || criteria.value === null);
    sink.warning(
      'ignored-value',
      empty
        ? '"criteria" is empty, so skillet runs no judge for this case.'
        : `"criteria" is ${shown(criteria)}, which skillet ignores (no judge runs); write the criteria as text.`,
      criteria,
    );
  }
  let threshold = DEFAULT_THRESHOLD;
  if (thresholdNode !== undefined && !(isYamlScalar(thresholdNode) && typeof thresholdNode.value === 'number')) {
    // parser.ts:238 reads only a number.
    sink.warning(
      'ignored-value',
      `"threshold" is ${shown(thresholdNode)}, which skillet ignores (it uses ${DEFAULT_THRESHOLD}); write a number from 0 to 1.`,
      thresholdNode,
    );
  } else if (thresholdNode !== undefined) threshold = (thresholdNode as YamlNode & { value: number }).value;
  if (!hasCriteria) {
    if (isYamlScalar(thresholdNode) && typeof thresholdNode.value === 'number')
      sink.warning(
        'ignored-value',
        '"threshold" has no "criteria" to grade, so skillet uses it for nothing.',
        thresholdNode,
      );
    return { checks: [] };
  }
  const rubric: Check = { type: 'llm-rubric', value: criteria.value, name: 'criteria' };
  const at = thresholdNode ?? criteria;
  if (threshold > 1) {
    sink.error(
      'threshold-out-of-range',
      `"threshold" is ${threshold}, above the best grade's score (1): skillet fails this case on every run. Write a number from 0 to 1.`,
      at,
    );
    return { checks: [], threshold };
  }
  // `score < threshold` (runner.ts:251) never holds for NaN or a threshold of 0 or less.
  if (!(threshold > 0)) {
    sink.warning(
      'judge-never-fails',
      `"threshold" is ${threshold}: skillet passes this case whatever grade its judge gives. skill-eval runs the judge too and counts its verdict for nothing.`,
      at,
    );
    return { checks: [{ ...rubric, weight: 0 }], threshold };
  }
  const grades = passingGrades(threshold);
  if (grades !== 'A to B') {
    sink.warning(
      'judge-pass-fail',
      `skillet passes this case at grade ${grades} of its A-E judge (threshold ${threshold}); skill-eval's judge answers pass or fail, which stands for A to B (the default 0.75), so the criteria are graded as met or not.`,
      at,
    );
  }
  return { checks: [rubric], threshold };
}
