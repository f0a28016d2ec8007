import { type Session, SessionSchema } from '@skill-eval/core';

/** The engine id of a session an agent played outside skill-eval (agent mode). */
export const AGENT_ENGINE = 'agent';

/**
 * The session of an answer an agent gave outside skill-eval: the case's prompts (`turns`) and the answer as the final
 * message, with no tool calls (none were seen). The same session grades it and builds its judge prompt.
 */
export function answerSession(turns: readonly string[], answer: string): Session {
  return SessionSchema.parse({
    engineId: AGENT_ENGINE,
    status: 'completed',
    finalMessage: answer,
    events: [
      ...turns.map((text) => ({ type: 'message', role: 'user', text })),
      { type: 'message', role: 'assistant', text: answer },
    ],
    turns: 1,
  });
}
