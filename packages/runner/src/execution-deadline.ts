import { type Case, TIMER_LIMIT_MS } from '@skill-eval/core';
import { DEFAULT_TIMEOUT_SECONDS } from './execution-context.js';

/** How long teardown may run once the window is spent (or the run interrupted): it cleans up after setup. */
export const TEARDOWN_GRACE_MS = 5000;

/**
 * An execution's time limit (-t, else the case's own, else 600 s) as one window that opens when the execution starts:
 * its setup steps, its engine, its grading programs and checks all spend from it, so that nothing an execution does
 * outlasts it. Teardown gets what is left, and {@link TEARDOWN_GRACE_MS} at least.
 */
export class ExecutionDeadline {
  /** When the window closes, in epoch milliseconds. */
  readonly at: number;

  constructor(
    /** The whole limit, for messages. */
    readonly seconds: number,
    start: number = Date.now(),
  ) {
    // A limit longer than Node's timers can wait (they would fire at once) is the longest they can.
    this.at = start + Math.min(seconds * 1000, TIMER_LIMIT_MS);
  }

  /** What is left of the window, in milliseconds; 0 once it has closed. */
  remainingMs(): number {
    return Math.max(0, this.at - Date.now());
  }

  /** The limit, as every message about it names it. */
  get described(): string {
    return `the execution's time limit (-t ${this.seconds} s)`;
  }
}

/** The window of one execution of `testCase`, opening now. */
export function executionDeadline(timeoutSeconds: number | undefined, testCase: Case): ExecutionDeadline {
  return new ExecutionDeadline(timeoutSeconds ?? testCase.limits.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS);
}
