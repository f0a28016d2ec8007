import { type Check, SkillEvalError, TIMER_LIMIT_MS } from '@skill-eval/core';

/** A finite number parameter of the check, or undefined when absent; numeric strings are read as written. */
export function numberOrUndefined(check: Check, key: string): number | undefined {
  const raw = check[key];
  if (raw === undefined || raw === null) return undefined;
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n === 'number' && Number.isFinite(n)) return n;
  throw new SkillEvalError(
    'BAD_INPUT',
    `check "${check.type}" has a ${key} that is not a number: ${JSON.stringify(raw)}`,
    {
      hint: `write it as { type: ${check.type}, ${key}: 0.5 }`,
    },
  );
}

/** A numeric parameter that may be absent (then `fallback`); numeric strings are accepted as written. */
export function optionalNumber(check: Check, key: string, fallback: number): number {
  return numberOrUndefined(check, key) ?? fallback;
}

/**
 * The check's own time limit in milliseconds: `timeoutSeconds` (or `timeout_seconds`), else the default. One longer
 * than Node's timers can wait (they would fire at once) is the longest they can.
 */
export function timeoutMs(check: Check, defaultSeconds: number): number {
  const key = check.timeoutSeconds !== undefined ? 'timeoutSeconds' : 'timeout_seconds';
  const seconds = numberOrUndefined(check, key) ?? defaultSeconds;
  if (seconds > 0) return Math.min(seconds * 1000, TIMER_LIMIT_MS);
  throw new SkillEvalError('BAD_INPUT', `check "${check.type}" has a ${key} of ${seconds}; it must be above 0`, {
    hint: `write it as { type: ${check.type}, timeoutSeconds: 30 }`,
  });
}
