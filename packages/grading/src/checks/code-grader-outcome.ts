import { truncate } from '../judge/bounded-text.js';
import type { CheckOutcome } from './check-evaluator.js';
import { EVIDENCE_CHARS } from './grading-program.js';

/** AgentV's pass mark for one grader's score (`DEFAULT_THRESHOLD`). */
export const DEFAULT_SCORE_THRESHOLD = 0.8;

/**
 * What a code grader that exited printed, read as AgentV's `CodeGrader.evaluate` reads it: a JSON object is the
 * result — its `score`, else the share of its `assertions` that passed, else 0 (an object without either scores 0,
 * whatever the exit code); anything else scores 1 on exit 0 and 0 otherwise. Scores are clamped to 0..1; the
 * check passes at `threshold` (AgentV's 0.8).
 */
export function codeGraderOutcome(
  exit: { exitCode: number; stdout: string },
  threshold = DEFAULT_SCORE_THRESHOLD,
): CheckOutcome {
  const parsed = jsonObject(exit.stdout);
  if (!parsed) {
    const score = exit.exitCode === 0 ? 1 : 0;
    const shown = exit.stdout ? truncate(exit.stdout, EVIDENCE_CHARS) : '(no output)';
    return { passed: score >= threshold, score, evidence: `exit ${exit.exitCode}: ${shown}` };
  }
  const assertions = (Array.isArray(parsed.assertions) ? parsed.assertions : [])
    .filter((a): a is Record<string, unknown> => typeof a === 'object' && a !== null && typeof a.text === 'string')
    .map((a) => ({ text: String(a.text), passed: Boolean(a.passed) }));
  const raw =
    typeof parsed.score === 'number'
      ? parsed.score
      : assertions.length > 0
        ? assertions.filter((a) => a.passed).length / assertions.length
        : 0;
  const score = clamp(raw);
  const reasoning = typeof parsed.reasoning === 'string' ? parsed.reasoning.trim() : '';
  const details = reasoning || assertions.map((a) => `${a.passed ? '✓' : '✗'} ${a.text}`).join('; ');
  const said = typeof parsed.score === 'number' || assertions.length > 0 ? '' : ' (it printed no score or assertions)';
  return {
    passed: score >= threshold,
    score,
    evidence: truncate(
      `score ${score}${said} (pass mark ${threshold})${details ? `: ${details}` : ''}`,
      EVIDENCE_CHARS,
    ),
  };
}

function jsonObject(stdout: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(stdout);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** AgentV's `clampScore`. */
const clamp = (n: number): number => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
