import { completeSession, type Session, type SessionInput } from '@skill-eval/core';

/** What `run()` returned, completed as the runner completes it (an engine may leave out what has a default). */
export function asSession(returned: SessionInput, engineId: string): Session {
  const completed = completeSession(returned);
  if (!completed.ok) throw new Error(`${engineId} returned an invalid session: ${completed.problem}`);
  return completed.session;
}
