import { type Check, type Session, SkillEvalError, summarizeEvents } from '@skill-eval/core';

/**
 * The session narrowed to user turn `turn` (1-based): the events from the turn's user message up to the
 * next one, its last assistant message as the final answer, and its own tool calls and skills; undefined when the
 * run never reached that turn. Usage, cost, duration and agent turns stay those of the whole run: the session does
 * not record them per turn.
 */
export function sessionForTurn(session: Session, turn: number): Session | undefined {
  const starts = userTurnStarts(session);
  const start = starts[turn - 1];
  if (start === undefined) return undefined;
  const events = session.events.slice(start, starts[turn] ?? session.events.length);
  const last = events.findLast((event) => event.type === 'message' && event.role === 'assistant');
  return {
    ...session,
    events,
    finalMessage: last?.type === 'message' ? last.text : '',
    ...summarizeEvents(events),
  };
}

/** Where each user turn starts among the session's events. */
export function userTurnStarts(session: Session): number[] {
  return session.events.flatMap((event, i) => (event.type === 'message' && event.role === 'user' ? [i] : []));
}

/** The check's `turn`, when it has one; anything but a positive whole number throws BAD_INPUT. */
export function checkTurn(check: Check): number | undefined {
  const { turn } = check;
  if (turn === undefined) return undefined;
  if (typeof turn === 'number' && Number.isInteger(turn) && turn > 0) return turn;
  throw new SkillEvalError('BAD_INPUT', `check "${check.type}" has turn ${JSON.stringify(turn)}`, {
    hint: 'write turn: N with N a 1-based user turn number',
  });
}
