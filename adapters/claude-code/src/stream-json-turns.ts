import { addUsage } from '@skill-eval/core';
import type { SessionRecord } from '@skill-eval/engine-kit';
import type { StreamParseResult } from './stream-json.js';

/**
 * Adds up, turn by turn, what the stream-json of each turn says (claude's, and qodercli's, which speaks it too):
 * events, usage, turns, model, version, the final answer and the session to resume. Cost is the engine's to add: the
 * programs mean different things by it.
 */
export class StreamJsonTurns {
  private resultDurations = 0;
  private everyTurnTimed = true;

  constructor(
    private readonly state: SessionRecord,
    /** The session the next turn resumes: the last one a turn reported, else the one given. */
    public sessionId?: string,
  ) {}

  absorb(parsed: StreamParseResult<unknown>): void {
    const state = this.state;
    state.events.push(...parsed.events);
    state.usage = addUsage(state.usage, parsed.usage);
    if (parsed.durationMs !== undefined) this.resultDurations += parsed.durationMs;
    else this.everyTurnTimed = false;
    state.turns += parsed.turns ?? 0;
    state.model = parsed.model ?? state.model;
    state.version ??= parsed.version;
    if (parsed.finalMessage) state.finalMessage = parsed.finalMessage;
    this.sessionId = parsed.sessionId ?? this.sessionId;
  }

  /** A completed run takes the wall time the program reported, when it reported one for every turn. */
  settle(): void {
    if (this.everyTurnTimed && this.state.status === 'completed') this.state.durationMs = this.resultDurations;
  }
}
