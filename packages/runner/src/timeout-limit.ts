import { TIMER_LIMIT_MS } from '@skill-eval/core';

/** How long past its timeout, or past an interrupt, an engine may take to return, unless the run says otherwise. */
export const DEFAULT_GRACE_SECONDS = 10;

/**
 * The longest timeout per execution, in whole seconds: its timer, with the grace after it, must fit in Node's timer
 * limit, past which a timer fires at once and every execution would time out as it starts.
 */
export const maxTimeoutSeconds = (graceSeconds: number = DEFAULT_GRACE_SECONDS): number =>
  Math.floor((TIMER_LIMIT_MS - graceSeconds * 1000) / 1000);
