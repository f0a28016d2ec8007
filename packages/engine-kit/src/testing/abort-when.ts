/**
 * A signal aborted as soon as `condition` holds (looked at every 20 ms): an interrupt that waits for the program to be
 * there — its pid file written, its first line out — instead of a fixed time that a loaded machine may outlast. After
 * `maxMs` it aborts anyway, so a program that never got there cannot hang the test.
 */
export function abortWhen(condition: () => boolean, maxMs = 60_000): AbortSignal {
  const controller = new AbortController();
  const until = Date.now() + maxMs;
  const timer = setInterval(() => {
    let holds = false;
    try {
      holds = condition();
    } catch {
      // Not there yet (a file not written): looked at again next time.
    }
    if (holds || Date.now() > until) {
      clearInterval(timer);
      controller.abort();
    }
  }, 20);
  timer.unref();
  return controller.signal;
}
