import { SkillEvalError } from '@skill-eval/core';
import { maxTimeoutSeconds } from '@skill-eval/runner';

/** The numbers `flag` takes, for its message: "from 1 to 1000", or "from 1 up". */
const range = (min: number, max: number): string =>
  max === Number.POSITIVE_INFINITY ? `from ${min} up` : `from ${min} to ${max}`;

/** A whole number from `min` to `max` given to `flag`, or undefined when the flag is absent. */
export function wholeNumber(
  value: string | undefined,
  flag: string,
  min: number,
  max = Number.POSITIVE_INFINITY,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max)
    throw new SkillEvalError('USAGE', `${flag} expects a whole number ${range(min, max)}, got '${value}'.`);
  return n;
}

/**
 * A timeout in seconds given to `flag`, or undefined when the flag is absent: above 0, and no longer than Node's
 * timers can wait (a longer one would fire at once, timing every execution out as it starts).
 */
export function parseTimeout(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  const max = maxTimeoutSeconds();
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new SkillEvalError('USAGE', `${flag} expects a number of seconds above 0, got '${value}'.`);
  if (n > max)
    throw new SkillEvalError('USAGE', `${flag} accepts at most ${max} seconds (about 24 days), got '${value}'.`, {
      hint: `Longer than that, Node's timers cannot wait; ${flag} ${max} is the longest limit there is.`,
    });
  return n;
}

/** A number from 0 to 1 given to `flag` (a holdout, a threshold), or undefined when the flag is absent. */
export function fraction(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new SkillEvalError('USAGE', `${flag} expects a number from 0 to 1, got '${value}'.`);
  return n;
}
