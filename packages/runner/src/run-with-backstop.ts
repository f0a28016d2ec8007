import type { SessionInput } from '@skill-eval/core';

/** How an engine call ended, as the runner saw it. */
export type Outcome =
  | { kind: 'returned'; session: unknown }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'abandoned' };

/**
 * Runs the engine, but never waits on it forever: past `timeoutMs + graceMs`, or `graceMs` after the run is
 * interrupted, the engine is abandoned (its signal aborted) and the execution ends without it.
 */
export function runWithBackstop(
  run: (signal: AbortSignal) => Promise<SessionInput>,
  timeoutMs: number,
  graceMs: number,
  runSignal: AbortSignal,
): Promise<Outcome> {
  const controller = new AbortController();
  return new Promise<Outcome>((resolve) => {
    let timer: NodeJS.Timeout;
    const finish = (outcome: Outcome) => {
      clearTimeout(timer);
      runSignal.removeEventListener('abort', onInterrupt);
      resolve(outcome);
    };
    const onInterrupt = () => {
      controller.abort(runSignal.reason);
      clearTimeout(timer);
      timer = setTimeout(() => finish({ kind: 'abandoned' }), graceMs);
    };
    timer = setTimeout(() => {
      controller.abort(new Error('timeout'));
      finish({ kind: 'timeout' });
    }, timeoutMs + graceMs);
    if (runSignal.aborted) onInterrupt();
    else runSignal.addEventListener('abort', onInterrupt, { once: true });
    Promise.resolve()
      .then(() => run(controller.signal))
      .then(
        (session) => finish({ kind: 'returned', session }),
        (error) => finish({ kind: 'threw', error }),
      );
  });
}
