import { SkillEvalError } from '@skill-eval/core';
import { truncate } from '../judge/bounded-text.js';
import type { CheckOutcome } from './check-evaluator.js';
import { EVIDENCE_CHARS } from './grading-program.js';

/** A promptfoo grading result: `pass` decides, `score` defaults to 1 or 0, `reason` is the evidence. */
export interface GradingResult {
  pass: boolean;
  score?: number;
  reason?: string;
}

/**
 * Reads what a javascript/python assertion returned, by promptfoo's rules
 * (src/assertions/scriptResultNormalization.ts, python.ts): a boolean is the verdict; a number is
 * a score that passes when `> 0`, or `>= threshold` when the check has one; a `{pass, score, reason}`
 * object decides by `pass` — for python, a score below the threshold fails it too. Python may also
 * return "true"/"false", a JSON object as text, or a numeric string. Anything else is an error.
 */
export function assertionResultOutcome(
  language: 'javascript' | 'python',
  result: unknown,
  threshold: number | undefined,
): CheckOutcome {
  const value = language === 'python' ? fromPythonText(result) : result;
  if (typeof value === 'boolean') return { passed: value, evidence: `returned ${value}` };
  if (typeof value === 'number' && Number.isFinite(value)) {
    const passed = threshold === undefined ? value > 0 : value >= threshold;
    const rule = threshold === undefined ? 'passes above 0' : `threshold ${threshold}`;
    return { passed, score: unitScore(value, passed), evidence: `returned ${value} (${rule})` };
  }
  const graded = gradingResult(value);
  if (!graded) {
    throw new SkillEvalError(
      'BAD_INPUT',
      `${language} check must return a boolean, a finite number or {pass, score, reason}; it returned ${shown(value, language)}`,
      { hint: 'return true/false, a score, or { pass, score, reason }' },
    );
  }
  const score = graded.score ?? (graded.pass ? 1 : 0);
  const reason = graded.reason?.trim() || `returned ${shown(value)}`;
  if (language === 'python' && threshold !== undefined && score < threshold) {
    return {
      passed: false,
      score,
      evidence: truncate(`score ${score} is below threshold ${threshold}: ${reason}`, EVIDENCE_CHARS),
    };
  }
  return { passed: graded.pass, score, evidence: truncate(reason, EVIDENCE_CHARS) };
}

/**
 * promptfoo scores may be any number (`Math.log(len) * 10`); a verdict's score is 0..1, so one
 * outside that range becomes 1 or 0 by the verdict instead of being clamped against it.
 */
const unitScore = (score: number, passed: boolean): number => (score >= 0 && score <= 1 ? score : passed ? 1 : 0);

/** promptfoo reads python's text results: "true"/"false", a JSON object, or a number. */
function fromPythonText(result: unknown): unknown {
  if (typeof result !== 'string') return result;
  const lower = result.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  if (result.startsWith('{')) {
    try {
      return JSON.parse(result);
    } catch {
      return result;
    }
  }
  const n = Number.parseFloat(result);
  return Number.isNaN(n) ? result : n;
}

/** A `{pass, score?, reason?}` object; promptfoo also demands `reason`, we accept it missing. */
function gradingResult(value: unknown): GradingResult | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { pass, score, reason } = value as Record<string, unknown>;
  if (typeof pass !== 'boolean') return undefined;
  if (score !== undefined && (typeof score !== 'number' || !Number.isFinite(score))) return undefined;
  if (reason !== undefined && reason !== null && typeof reason !== 'string') return undefined;
  return { pass, ...(score !== undefined ? { score } : {}), ...(typeof reason === 'string' ? { reason } : {}) };
}

function shown(value: unknown, language?: string): string {
  if (value === undefined) return 'nothing (undefined)';
  if (value === null && language === 'python') return 'None';
  if (typeof value === 'function') return 'a function';
  try {
    return truncate(JSON.stringify(value) ?? String(value), 200);
  } catch {
    return String(value);
  }
}
