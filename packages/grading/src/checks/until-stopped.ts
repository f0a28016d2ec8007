import { SkillEvalError } from '@skill-eval/core';

/** Why work for `label` was stopped: grading passed the execution's time limit (a TimeoutError reason), or the run was interrupted. */
export function stopped(signal: AbortSignal, label: string): SkillEvalError {
  const timedOut = (signal.reason as { name?: string } | undefined)?.name === 'TimeoutError';
  return timedOut
    ? new SkillEvalError('TIMEOUT', `${label} was stopped: grading passed the execution's time limit (-t)`)
    : new SkillEvalError('INTERRUPTED', `${label} was stopped: the run was interrupted`);
}

/** `value`, unless `signal` aborts first: then the error of {@link stopped}, and what is left of `value` is abandoned. */
export async function untilStopped<T>(
  value: T | PromiseLike<T>,
  signal: AbortSignal | undefined,
  label: string,
): Promise<T> {
  if (!signal) return value;
  if (signal.aborted) throw stopped(signal, label);
  let onAbort = () => {};
  const stop = new Promise<never>((_, reject) => {
    onAbort = () => reject(stopped(signal, label));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([value, stop]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
