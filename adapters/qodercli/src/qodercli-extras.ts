/** What qodercli's `result` event carries beyond the Claude Code protocol. */
export interface QodercliResultExtras {
  /** `total_credits`: Qoder bills in credits, and its `total_cost_usd` is always 0. */
  credits?: number;
}

/** The `readResultExtras` hook of the shared stream-json parser. */
export function readQodercliExtras(result: Record<string, unknown>): QodercliResultExtras {
  const credits = result.total_credits;
  return typeof credits === 'number' && Number.isFinite(credits) ? { credits } : {};
}

/** True when a failed run's text is qodercli's answer to missing credentials. */
export function isNotLoggedIn(text: string | undefined): boolean {
  return !!text && /not logged in|please run \/login|authentication_failed/i.test(text);
}
