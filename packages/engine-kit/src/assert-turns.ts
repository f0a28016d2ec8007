import { type EngineRunInput, SkillEvalError } from '@skill-eval/core';

/** Throws ENGINE_FAILED when the case gives the engine nothing to send. */
export function assertTurns(input: Pick<EngineRunInput, 'turns'>): void {
  if (input.turns.length === 0) throw new SkillEvalError('ENGINE_FAILED', 'The case has no user message to send.');
}
