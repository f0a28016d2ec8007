/**
 * Runs `attempt` with a deadline of `firstMs`, doubled each time the program had not got as far as `started` says
 * (from the attempt's result, or what the program left) before it, while the deadlines add up to at most `maxMs`: a
 * loaded machine can take seconds to start a program. A test of what happens at a deadline then waits for the program
 * to be there, not for a fixed time. Returns the last attempt's result and deadline; throws when the program never
 * got there. `started` throwing (a pid file not yet written) counts as not yet.
 */
export async function deadlineAfterStart<T>(
  attempt: (timeoutMs: number) => Promise<T>,
  started: (result: T) => boolean,
  { firstMs = 1000, maxMs = 30_000 }: { firstMs?: number; maxMs?: number } = {},
): Promise<{ result: T; timeoutMs: number }> {
  let spent = 0;
  for (let timeoutMs = firstMs; ; timeoutMs *= 2) {
    const result = await attempt(timeoutMs);
    spent += timeoutMs;
    if (holds(() => started(result))) return { result, timeoutMs };
    if (spent + timeoutMs * 2 > maxMs) {
      throw new Error(`the program had not started before deadlines adding up to ${spent} ms`);
    }
  }
}

function holds(condition: () => boolean): boolean {
  try {
    return condition();
  } catch {
    return false;
  }
}
